//! Unit tests of server discovery: the setting, then the bundled binary, then PATH.

import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { test } from 'node:test';
import {
  binaryName,
  defaultIsExecutable,
  findServer,
  pathCandidates,
  resolveSettingPath,
} from '../src/discovery';

/** A file system described by the set of executable paths. */
function only(...paths: string[]): (file: string) => boolean {
  const set = new Set(paths);
  return (file) => set.has(file);
}

test('binary name carries .exe on Windows only', () => {
  assert.equal(binaryName('win32'), 'sudoku-lsp.exe');
  assert.equal(binaryName('linux'), 'sudoku-lsp');
  assert.equal(binaryName('darwin'), 'sudoku-lsp');
});

test('the setting wins over a bundled binary and PATH', () => {
  const found = findServer({
    settingPath: '/opt/sudoku/bin/sudoku-lsp',
    extensionPath: '/ext',
    platform: 'linux',
    env: { PATH: '/usr/bin' },
    isExecutable: only('/opt/sudoku/bin/sudoku-lsp', '/ext/server/sudoku-lsp', '/usr/bin/sudoku-lsp'),
  });
  assert.deepEqual(found, { kind: 'found', path: '/opt/sudoku/bin/sudoku-lsp', source: 'setting' });
});

test('a setting that points nowhere is reported, not silently replaced', () => {
  const found = findServer({
    settingPath: '/nowhere/sudoku-lsp',
    extensionPath: '/ext',
    platform: 'linux',
    env: { PATH: '/usr/bin' },
    isExecutable: only('/ext/server/sudoku-lsp', '/usr/bin/sudoku-lsp'),
  });
  assert.equal(found.kind, 'not-found');
  if (found.kind === 'not-found') {
    assert.match(found.message, /sudoku\.server\.path/);
    assert.match(found.message, /\/nowhere\/sudoku-lsp/);
    assert.deepEqual(found.tried, ['/nowhere/sudoku-lsp']);
  }
});

test('a relative setting and ${workspaceFolder} resolve against the workspace; ~ against home', () => {
  assert.equal(
    resolveSettingPath('target/debug/sudoku-lsp', '/home/u/proj', '/home/u', 'linux'),
    '/home/u/proj/target/debug/sudoku-lsp',
  );
  assert.equal(
    resolveSettingPath('${workspaceFolder}/bin/sudoku-lsp', '/w', '/home/u', 'linux'),
    '/w/bin/sudoku-lsp',
  );
  assert.equal(resolveSettingPath('~/.cargo/bin/sudoku-lsp', '/w', '/home/u', 'linux'), '/home/u/.cargo/bin/sudoku-lsp');
  assert.equal(
    resolveSettingPath('bin\\sudoku-lsp.exe', 'C:\\proj', 'C:\\Users\\u', 'win32'),
    'C:\\proj\\bin\\sudoku-lsp.exe',
  );
});

test('an empty or blank setting counts as unset', () => {
  for (const settingPath of ['', '   ', null, undefined]) {
    const found = findServer({
      settingPath,
      extensionPath: '/ext',
      platform: 'linux',
      env: { PATH: '' },
      isExecutable: only('/ext/server/sudoku-lsp'),
    });
    assert.deepEqual(found, { kind: 'found', path: '/ext/server/sudoku-lsp', source: 'bundled' });
  }
});

test('the bundled binary wins over PATH', () => {
  const found = findServer({
    extensionPath: '/ext',
    platform: 'linux',
    env: { PATH: '/usr/bin' },
    isExecutable: only('/ext/server/sudoku-lsp', '/usr/bin/sudoku-lsp'),
  });
  assert.deepEqual(found, { kind: 'found', path: '/ext/server/sudoku-lsp', source: 'bundled' });
});

test('PATH is searched in order', () => {
  const found = findServer({
    extensionPath: '/ext',
    platform: 'linux',
    env: { PATH: '/a::/b:/c' },
    isExecutable: only('/b/sudoku-lsp', '/c/sudoku-lsp'),
  });
  assert.deepEqual(found, { kind: 'found', path: '/b/sudoku-lsp', source: 'path' });
});

test('Windows: bundled .exe, then Path with PATHEXT, case-insensitive variable name', () => {
  assert.deepEqual(
    findServer({
      extensionPath: 'C:\\ext',
      platform: 'win32',
      env: { Path: 'C:\\tools' },
      isExecutable: only('C:\\ext\\server\\sudoku-lsp.exe'),
    }),
    { kind: 'found', path: 'C:\\ext\\server\\sudoku-lsp.exe', source: 'bundled' },
  );
  assert.deepEqual(pathCandidates({ Path: 'C:\\a;"C:\\b c"', PATHEXT: '.EXE;.CMD' }, 'win32'), [
    'C:\\a\\sudoku-lsp.exe',
    'C:\\a\\sudoku-lsp.cmd',
    'C:\\b c\\sudoku-lsp.exe',
    'C:\\b c\\sudoku-lsp.cmd',
  ]);
  assert.deepEqual(
    findServer({
      extensionPath: 'C:\\ext',
      platform: 'win32',
      env: { Path: 'C:\\a;C:\\b', PATHEXT: '.EXE' },
      isExecutable: only('C:\\b\\sudoku-lsp.exe'),
    }),
    { kind: 'found', path: 'C:\\b\\sudoku-lsp.exe', source: 'path' },
  );
});

test('nothing found: a message that says how to fix it, and every place tried', () => {
  const found = findServer({
    extensionPath: '/ext',
    platform: 'linux',
    env: { PATH: '/usr/bin:/bin' },
    isExecutable: only(),
  });
  assert.equal(found.kind, 'not-found');
  if (found.kind === 'not-found') {
    assert.match(found.message, /Could not find the sudoku-lsp language server/);
    assert.match(found.message, /sudoku\.server\.path/);
    assert.deepEqual(found.tried, ['/ext/server/sudoku-lsp', '/usr/bin/sudoku-lsp', '/bin/sudoku-lsp']);
  }
});

test('on a real disk: only executable regular files count', { skip: process.platform === 'win32' }, () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sudoku-discovery-'));
  try {
    const exe = path.join(dir, 'server', 'sudoku-lsp');
    fs.mkdirSync(path.dirname(exe));
    fs.writeFileSync(exe, '#!/bin/sh\n');
    fs.chmodSync(exe, 0o644);
    assert.equal(defaultIsExecutable(exe), false, 'not executable yet');
    fs.chmodSync(exe, 0o755);
    assert.equal(defaultIsExecutable(exe), true);
    assert.equal(defaultIsExecutable(dir), false, 'a directory is no binary');
    assert.equal(defaultIsExecutable(path.join(dir, 'missing')), false);
    assert.deepEqual(findServer({ extensionPath: dir, env: { PATH: '' } }), {
      kind: 'found',
      path: exe,
      source: 'bundled',
    });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a bundled binary that lost its executable bit gets it back; other files are left alone', {
  skip: process.platform === 'win32',
}, () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sudoku-discovery-'));
  try {
    const onPath = path.join(dir, 'bin', 'sudoku-lsp');
    fs.mkdirSync(path.dirname(onPath));
    fs.writeFileSync(onPath, '#!/bin/sh\n');
    fs.chmodSync(onPath, 0o644);
    // No bundled binary: the plain file on PATH is neither chosen nor made executable.
    const none = findServer({ extensionPath: dir, env: { PATH: path.dirname(onPath) } });
    assert.equal(none.kind, 'not-found');
    assert.equal(fs.statSync(onPath).mode & 0o111, 0, 'a file on PATH keeps its mode');

    const bundled = path.join(dir, 'server', 'sudoku-lsp');
    fs.mkdirSync(path.dirname(bundled));
    fs.writeFileSync(bundled, '#!/bin/sh\n');
    fs.chmodSync(bundled, 0o644);
    assert.deepEqual(findServer({ extensionPath: dir, env: { PATH: '' } }), {
      kind: 'found',
      path: bundled,
      source: 'bundled',
    });
    assert.equal(defaultIsExecutable(bundled), true, 'the bit is back');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
