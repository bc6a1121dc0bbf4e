//! Finds the sudoku-lsp binary. Kept free of `vscode` imports so Node can unit-test it.

import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

/** Where a binary was found; shown in the output channel so a user knows which one runs. */
export type ServerSource = 'setting' | 'bundled' | 'path';

export interface Found {
  kind: 'found';
  path: string;
  source: ServerSource;
}

export interface NotFound {
  kind: 'not-found';
  /** A message meant for the user: what was looked at and how to fix it. */
  message: string;
  /** Every path that was checked, in order. */
  tried: string[];
}

export interface DiscoveryInput {
  /** The `sudoku.server.path` setting; empty, null or undefined means unset. */
  settingPath?: string | null;
  /** The extension's install folder; a bundled binary lives in `server/` below it. */
  extensionPath: string;
  /** The first workspace folder, for `${workspaceFolder}` and relative setting paths. */
  workspaceFolder?: string;
  platform?: NodeJS.Platform;
  env?: NodeJS.ProcessEnv;
  homeDir?: string;
  /** Injected so tests can describe a file system without touching the disk. */
  isExecutable?: (file: string) => boolean;
  /** Gives a bundled binary back its executable bit when unpacking lost it; true when it did. */
  restoreExecutable?: (file: string) => boolean;
}

/** The binary's file name on a platform: Windows needs the `.exe`. */
export function binaryName(platform: NodeJS.Platform): string {
  return platform === 'win32' ? 'sudoku-lsp.exe' : 'sudoku-lsp';
}

/** True for a regular file that the current user may execute (any file on Windows). */
export function defaultIsExecutable(file: string): boolean {
  try {
    if (!fs.statSync(file).isFile()) {
      return false;
    }
    if (process.platform === 'win32') {
      return true;
    }
    fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Adds the executable bits to a regular file that lacks them (a .vsix is a zip archive, and not
 * every tool that unpacks one keeps a file's mode). Windows needs no such bit.
 */
export function defaultRestoreExecutable(file: string): boolean {
  if (process.platform === 'win32') {
    return false;
  }
  try {
    const stat = fs.statSync(file);
    if (!stat.isFile()) {
      return false;
    }
    fs.chmodSync(file, stat.mode | 0o111);
    fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Expands `~` and `${workspaceFolder}` and makes a relative setting absolute, so that a
 * project can point at `target/debug/sudoku-lsp` in its own `.vscode/settings.json`.
 */
export function resolveSettingPath(
  setting: string,
  workspaceFolder: string | undefined,
  homeDir: string,
  platform: NodeJS.Platform,
): string {
  const p = platform === 'win32' ? path.win32 : path.posix;
  let expanded = setting.trim();
  if (workspaceFolder !== undefined) {
    expanded = expanded.split('${workspaceFolder}').join(workspaceFolder);
  }
  if (expanded === '~') {
    expanded = homeDir;
  } else if (expanded.startsWith('~/') || expanded.startsWith('~\\')) {
    expanded = p.join(homeDir, expanded.slice(2));
  }
  if (!p.isAbsolute(expanded) && workspaceFolder !== undefined) {
    expanded = p.join(workspaceFolder, expanded);
  }
  return p.normalize(expanded);
}

/** The candidates on PATH, in PATH order; on Windows each folder is tried with every PATHEXT. */
export function pathCandidates(env: NodeJS.ProcessEnv, platform: NodeJS.Platform): string[] {
  const p = platform === 'win32' ? path.win32 : path.posix;
  // Windows spells the variable `Path`; look it up without regard to case there.
  const key =
    platform === 'win32'
      ? (Object.keys(env).find((k) => k.toUpperCase() === 'PATH') ?? 'PATH')
      : 'PATH';
  const dirs = (env[key] ?? '').split(p.delimiter).filter((d) => d.length > 0);
  const names =
    platform === 'win32'
      ? (env.PATHEXT ?? '.EXE;.CMD;.BAT;.COM')
          .split(';')
          .filter((e) => e.length > 0)
          .map((ext) => `sudoku-lsp${ext.toLowerCase()}`)
      : ['sudoku-lsp'];
  const out: string[] = [];
  for (const dir of dirs) {
    // An unquoted PATH entry may carry quotes on Windows; strip them as the shell does.
    const clean = dir.replace(/^"(.*)"$/, '$1');
    for (const name of names) {
      out.push(p.join(clean, name));
    }
  }
  return out;
}

/**
 * Picks the server binary: the setting when it is set (and only it, so a typo is reported rather
 * than silently replaced by another binary), then the copy bundled in the extension, then PATH.
 */
export function findServer(input: DiscoveryInput): Found | NotFound {
  const platform = input.platform ?? process.platform;
  const env = input.env ?? process.env;
  const homeDir = input.homeDir ?? os.homedir();
  const isExecutable = input.isExecutable ?? defaultIsExecutable;
  const p = platform === 'win32' ? path.win32 : path.posix;
  const tried: string[] = [];

  const setting = (input.settingPath ?? '').trim();
  if (setting.length > 0) {
    const resolved = resolveSettingPath(setting, input.workspaceFolder, homeDir, platform);
    tried.push(resolved);
    if (isExecutable(resolved)) {
      return { kind: 'found', path: resolved, source: 'setting' };
    }
    return {
      kind: 'not-found',
      tried,
      message:
        `The setting sudoku.server.path is "${setting}", but ${resolved} is not an executable file. ` +
        'Fix the setting, or clear it to use a bundled binary or sudoku-lsp on PATH.',
    };
  }

  const bundled = p.join(input.extensionPath, 'server', binaryName(platform));
  tried.push(bundled);
  const restoreExecutable = input.restoreExecutable ?? defaultRestoreExecutable;
  if (isExecutable(bundled) || (restoreExecutable(bundled) && isExecutable(bundled))) {
    return { kind: 'found', path: bundled, source: 'bundled' };
  }

  for (const candidate of pathCandidates(env, platform)) {
    tried.push(candidate);
    if (isExecutable(candidate)) {
      return { kind: 'found', path: candidate, source: 'path' };
    }
  }

  return {
    kind: 'not-found',
    tried,
    message:
      'Could not find the sudoku-lsp language server. Install it (`pip install sudoku-lsp`, or ' +
      '`cargo install --path .` in a checkout of sudoku-lsp) so that `sudoku-lsp` is on PATH, or set ' +
      'sudoku.server.path to the binary. The extension for your platform from the Marketplace has it inside.',
  };
}
