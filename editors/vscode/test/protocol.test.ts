//! Drives the real sudoku-lsp binary the way VS Code does: the client capabilities that
//! vscode-languageclient sends, VS Code's protocol library, UTF-16 positions, incremental edits.
//! The server comes from $SUDOKU_LSP, else ../../target/debug/sudoku-lsp (build it first).

import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import {
  type CodeAction,
  type Command,
  type Diagnostic,
  type Hover,
  type InitializeResult,
  type ProtocolConnection,
  type PublishDiagnosticsParams,
  type TextEdit,
  type WorkspaceEdit,
  createProtocolConnection,
  StreamMessageReader,
  StreamMessageWriter,
} from 'vscode-languageserver-protocol/node';

const root = path.resolve(__dirname, '..', '..');
const repo = path.resolve(root, '..', '..');
const fixtures = path.join(repo, 'tests', 'editors', 'fixtures');
const expected = JSON.parse(fs.readFileSync(path.join(fixtures, 'expected.json'), 'utf8'));
const capabilities = JSON.parse(
  fs.readFileSync(path.join(root, 'test', 'fixtures', 'vscode-client-capabilities.json'), 'utf8'),
);
const serverPath = process.env.SUDOKU_LSP
  ? path.resolve(process.env.SUDOKU_LSP)
  : path.join(repo, 'target', 'debug', 'sudoku-lsp');
const TIMEOUT_MS = 15_000;

let proc: ChildProcess;
let conn: ProtocolConnection;
let workspace: string;
let stderr = '';
let init: InitializeResult;
const diagnostics = new Map<string, PublishDiagnosticsParams>();
const waiters: Array<() => void> = [];

/** Resolves when `check` passes after some notification, or fails with `what` after a timeout. */
function waitFor<T>(what: string, check: () => T | undefined): Promise<T> {
  return new Promise((resolve, reject) => {
    const attempt = (): boolean => {
      const value = check();
      if (value !== undefined) {
        clearTimeout(timer);
        resolve(value);
        return true;
      }
      return false;
    };
    const timer = setTimeout(() => {
      const idx = waiters.indexOf(listener);
      if (idx >= 0) waiters.splice(idx, 1);
      reject(new Error(`timed out after ${TIMEOUT_MS} ms waiting for ${what}; last diagnostics: ` +
        JSON.stringify([...diagnostics.values()], null, 1).slice(0, 3000) + `\nserver stderr: ${stderr.slice(-2000)}`));
    }, TIMEOUT_MS);
    const listener = (): void => {
      if (attempt()) waiters.splice(waiters.indexOf(listener), 1);
    };
    if (!attempt()) waiters.push(listener);
  });
}

function uriOf(file: string): string {
  return pathToFileURL(path.join(workspace, file)).href;
}

function text(file: string): string {
  return fs.readFileSync(path.join(workspace, file), 'utf8');
}

/** The grid rows of a 9x9 fixture: for each row, the UTF-16 column of each of its nine cells. */
function gridCells(source: string): Array<{ line: number; cols: number[]; chars: string[] }> {
  const rows: Array<{ line: number; cols: number[]; chars: string[] }> = [];
  source.split('\n').forEach((lineText, line) => {
    if (/^\s*[#@]/.test(lineText)) return;
    const cols: number[] = [];
    const chars: string[] = [];
    for (let i = 0; i < lineText.length; i++) {
      if (/[1-9.]/.test(lineText[i])) {
        cols.push(i);
        chars.push(lineText[i]);
      }
    }
    if (cols.length === 9 && /^[\s.1-9|│]+$/.test(lineText)) rows.push({ line, cols, chars });
  });
  return rows;
}

/** The digits that the givens in a cell's row, column and box leave open, computed here alone. */
function candidates(rows: Array<{ chars: string[] }>, r: number, c: number): string[] {
  const used = new Set<string>();
  for (let i = 0; i < 9; i++) {
    used.add(rows[r].chars[i]);
    used.add(rows[i].chars[c]);
  }
  const br = r - (r % 3);
  const bc = c - (c % 3);
  for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) used.add(rows[br + i].chars[bc + j]);
  return '123456789'.split('').filter((d) => !used.has(d));
}

/** Offsets of a UTF-16 position in a string (JS strings are UTF-16, as VS Code's are). */
function offsetAt(source: string, line: number, character: number): number {
  const starts = [0];
  for (let i = 0; i < source.length; i++) if (source[i] === '\n') starts.push(i + 1);
  assert.ok(line < starts.length, `line ${line} outside the document`);
  const end = line + 1 < starts.length ? starts[line + 1] - 1 : source.length;
  assert.ok(starts[line] + character <= end, `character ${character} outside line ${line}`);
  return starts[line] + character;
}

/** Applies edits as VS Code does: all against the original text, none overlapping. */
function applyEdits(source: string, edits: TextEdit[]): string {
  const spans = edits
    .map((e) => ({
      start: offsetAt(source, e.range.start.line, e.range.start.character),
      end: offsetAt(source, e.range.end.line, e.range.end.character),
      text: e.newText,
    }))
    .sort((a, b) => a.start - b.start);
  let out = '';
  let at = 0;
  for (const s of spans) {
    assert.ok(s.start >= at && s.end >= s.start, 'edits overlap or are inverted');
    out += source.slice(at, s.start) + s.text;
    at = s.end;
  }
  return out + source.slice(at);
}

/** The text edits a workspace edit makes to one document, in either of its two shapes. */
function editsFor(edit: WorkspaceEdit, uri: string, version: number): TextEdit[] {
  const out: TextEdit[] = [];
  for (const change of edit.documentChanges ?? []) {
    if ('textDocument' in change && change.textDocument.uri === uri) {
      if (change.textDocument.version !== null && change.textDocument.version !== undefined) {
        assert.equal(change.textDocument.version, version, 'edit made for another version');
      }
      for (const e of change.edits) out.push(e as TextEdit);
    }
  }
  for (const e of edit.changes?.[uri] ?? []) out.push(e);
  return out;
}

function hoverText(hover: Hover | null): string {
  assert.ok(hover, 'no hover');
  const c = hover.contents as any;
  if (typeof c === 'string') return c;
  if (Array.isArray(c)) return c.map((x) => (typeof x === 'string' ? x : x.value)).join('\n');
  return c.value;
}

before(async () => {
  assert.ok(
    fs.existsSync(serverPath),
    `no server binary at ${serverPath}: run \`cargo build\` at the repository root or set SUDOKU_LSP`,
  );
  workspace = fs.mkdtempSync(path.join(os.tmpdir(), 'sudoku-vscode-'));
  for (const f of fs.readdirSync(fixtures)) {
    if (f.endsWith('.sudoku') && !f.endsWith('.solved.sudoku')) {
      fs.copyFileSync(path.join(fixtures, f), path.join(workspace, f));
    }
  }
  proc = spawn(serverPath, ['server'], { cwd: workspace, stdio: ['pipe', 'pipe', 'pipe'] });
  proc.stderr!.on('data', (d) => {
    stderr += String(d);
  });
  const exited = new Promise<never>((_, reject) => {
    proc.once('exit', (code, signal) =>
      reject(new Error(`${serverPath} server exited early (status ${code}, signal ${signal}); stderr: ${stderr.slice(-2000)}`)),
    );
  });
  // Only the race below cares about an early exit; a late one is shutdown's business.
  exited.catch(() => undefined);
  conn = createProtocolConnection(new StreamMessageReader(proc.stdout!), new StreamMessageWriter(proc.stdin!));
  conn.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => {
    diagnostics.set(p.uri, p);
    for (const w of [...waiters]) w();
  });
  // The requests VS Code answers for a server: registrations, settings, progress, edits.
  conn.onRequest('client/registerCapability', () => null);
  conn.onRequest('client/unregisterCapability', () => null);
  conn.onRequest('window/workDoneProgress/create', () => null);
  conn.onRequest('workspace/configuration', (p: { items: Array<{ section?: string }> }) =>
    p.items.map((i) => (i.section === 'sudoku' ? { showSolutions: false, maxDiagnostics: 1000, server: { path: null }, trace: { server: 'off' } } : null)),
  );
  conn.onRequest('workspace/applyEdit', () => ({ applied: false, failureReason: 'the test applies edits itself' }));
  conn.onNotification('window/logMessage', () => undefined);
  conn.onNotification('$/progress', () => undefined);
  conn.listen();

  init = await Promise.race([exited, conn.sendRequest<InitializeResult>('initialize', {
    processId: process.pid,
    clientInfo: { name: 'Visual Studio Code', version: '1.106.0' },
    locale: 'en',
    rootPath: workspace,
    rootUri: pathToFileURL(workspace).href,
    capabilities,
    initializationOptions: { showSolutions: false, maxDiagnostics: 1000 },
    trace: 'off',
    workspaceFolders: [{ uri: pathToFileURL(workspace).href, name: path.basename(workspace) }],
  })]);
  await conn.sendNotification('initialized', {});
  await conn.sendNotification('workspace/didChangeConfiguration', { settings: null });
});

after(async () => {
  if (conn) {
    try {
      await conn.sendRequest('shutdown');
      await conn.sendNotification('exit');
    } catch {
      // The assertions below report a dead server; nothing more to say here.
    }
  }
  if (proc) {
    const exited = await new Promise<number | null>((resolve) => {
      const t = setTimeout(() => {
        proc.kill('SIGKILL');
        resolve(null);
      }, 5000);
      proc.once('exit', (code) => {
        clearTimeout(t);
        resolve(code);
      });
      if (proc.exitCode !== null) resolve(proc.exitCode);
    });
    conn?.dispose();
    assert.equal(exited, 0, `shutdown then exit should end the server with status 0; stderr: ${stderr.slice(-2000)}`);
  }
  if (workspace) fs.rmSync(workspace, { recursive: true, force: true });
});

test('initialize: UTF-16 positions, incremental sync, hover and code actions', () => {
  const caps = init.capabilities;
  assert.ok(caps.positionEncoding === undefined || caps.positionEncoding === 'utf-16', `VS Code offers only utf-16, got ${caps.positionEncoding}`);
  const sync = caps.textDocumentSync;
  const change = typeof sync === 'number' ? sync : sync?.change;
  assert.equal(change, 2, 'incremental sync');
  assert.ok(caps.hoverProvider, 'hover');
  assert.ok(caps.codeActionProvider, 'code actions');
});

test('the workspace scan reports a broken file that is not open', async () => {
  const uri = uriOf(expected.defect.file);
  await waitFor('diagnostics for the unopened defect file', () =>
    diagnostics.get(uri)?.diagnostics.some((d) => d.code === 'duplicate-digit') ? true : undefined,
  );
});

test('open a puzzle with a duplicate: diagnostics at the right UTF-16 ranges, then fix it', async () => {
  const file = expected.defect.file;
  const uri = uriOf(file);
  const source = text(file);
  await conn.sendNotification('textDocument/didOpen', {
    textDocument: { uri, languageId: 'sudoku', version: 1, text: source },
  });
  const want = expected.defect.diagnostics as Array<{ code: string; line: number; utf16: number; cell: string }>;
  const got = await waitFor('duplicate-digit diagnostics on the opened file', () => {
    const p = diagnostics.get(uri);
    if (!p || (p.version !== undefined && p.version !== null && p.version !== 1)) return undefined;
    const dups = p.diagnostics.filter((d) => d.code === 'duplicate-digit');
    return dups.length >= want.length ? p.diagnostics : undefined;
  });
  for (const w of want) {
    const d = got.find(
      (x: Diagnostic) => x.code === w.code && x.range.start.line === w.line && x.range.start.character === w.utf16,
    );
    assert.ok(d, `no ${w.code} at ${w.line}:${w.utf16} (${w.cell}); got ${JSON.stringify(got)}`);
    assert.equal(d.source, 'sudoku');
    assert.equal(d.severity, 1, 'duplicate-digit is an error');
    assert.deepEqual(d.range.end, { line: w.line, character: w.utf16 + 1 }, 'the range covers the one cell');
    const other = want.find((o) => o !== w)!;
    assert.ok(
      d.relatedInformation?.some((r) => r.location.range.start.line === other.line && r.location.range.start.character === other.utf16),
      `${w.cell} should be related to ${other.cell}`,
    );
  }
  for (const d of got) {
    assert.ok(d.range.start.line < expected.defect.clean_from_line, `the sound one-liner got ${JSON.stringify(d)}`);
  }

  // Blank r1c8 again, as a user would type it: one incremental change with a UTF-16 range
  // that lies after a `│` (three UTF-8 bytes, one UTF-16 unit).
  const r1c8 = want.find((w) => w.cell === 'r1c8')!;
  await conn.sendNotification('textDocument/didChange', {
    textDocument: { uri, version: 2 },
    contentChanges: [
      {
        range: { start: { line: r1c8.line, character: r1c8.utf16 }, end: { line: r1c8.line, character: r1c8.utf16 + 1 } },
        rangeLength: 1,
        text: '.',
      },
    ],
  });
  await waitFor('the duplicate to clear after the edit', () => {
    const p = diagnostics.get(uri);
    if (!p || (p.version !== undefined && p.version !== null && p.version !== 2)) return undefined;
    return p.diagnostics.length === 0 ? true : undefined;
  });
});

test('hover a blank cell, then apply "Fill in the solution"', async () => {
  const file = expected.unique.file;
  const uri = uriOf(file);
  const source = text(file);
  await conn.sendNotification('textDocument/didOpen', {
    textDocument: { uri, languageId: 'sudoku', version: 1, text: source },
  });
  await waitFor('diagnostics (none) for the sound puzzle', () => {
    const p = diagnostics.get(uri);
    return p && p.diagnostics.length === 0 ? true : undefined;
  });

  const rows = gridCells(source);
  assert.equal(rows.length, 9, 'fixture grid not understood by the test');
  const r = expected.unique.hover.row - 1;
  const c = expected.unique.hover.col - 1;
  assert.equal(rows[r].chars[c], '.', 'the hover cell must be blank');
  const position = { line: rows[r].line, character: rows[r].cols[c] };
  const hover = await conn.sendRequest<Hover | null>('textDocument/hover', { textDocument: { uri }, position });
  const lines = hoverText(hover).split(/\r?\n/);
  const cands = candidates(rows, r, c);
  assert.equal(lines[0], cands.length ? `Candidates: ${cands.join(' ')}` : 'Candidates: none');
  assert.ok(lines.some((l) => l.includes(`r${r + 1}c${c + 1}`)), `the hover names the cell: ${lines.join(' / ')}`);

  const actions = await conn.sendRequest<Array<CodeAction | Command> | null>('textDocument/codeAction', {
    textDocument: { uri },
    range: { start: position, end: position },
    context: { diagnostics: [], triggerKind: 1 },
  });
  assert.ok(actions, 'no code actions');
  let fill = actions.find((a) => a.title === 'Fill in the solution') as CodeAction | undefined;
  assert.ok(fill, `no "Fill in the solution" among ${actions.map((a) => a.title).join(', ')}`);
  assert.ok(
    actions.some((a) => a.title === `Fill r${r + 1}c${c + 1}`),
    `no "Fill r${r + 1}c${c + 1}" (the title must not name the digit by default)`,
  );
  if (!fill.edit && fill.data !== undefined) {
    fill = await conn.sendRequest<CodeAction>('codeAction/resolve', fill);
  }
  assert.ok(fill.edit, 'the action carries no edit');
  const solved = applyEdits(source, editsFor(fill.edit, uri, 1));
  assert.equal(solved, fs.readFileSync(path.join(fixtures, expected.unique.solved), 'utf8'));

  // VS Code sends the applied edit back as incremental changes, last position first.
  const edits = editsFor(fill.edit, uri, 1).sort(
    (a, b) => b.range.start.line - a.range.start.line || b.range.start.character - a.range.start.character,
  );
  await conn.sendNotification('textDocument/didChange', {
    textDocument: { uri, version: 2 },
    contentChanges: edits.map((e) => ({ range: e.range, text: e.newText })),
  });
  await waitFor('diagnostics for version 2 of the solved puzzle', () => {
    const p = diagnostics.get(uri);
    if (!p || p.diagnostics.length !== 0) return undefined;
    return p.version === undefined || p.version === null || p.version === 2 ? true : undefined;
  });
  // The server's copy is the solved text: the cell that was blank is now a given.
  const after = hoverText(await conn.sendRequest<Hover | null>('textDocument/hover', { textDocument: { uri }, position }));
  assert.ok(!after.startsWith('Candidates:'), `r${r + 1}c${c + 1} is filled now, yet the hover says: ${after}`);
});

test('the tutor: a hint that writes nothing, an applied step with a true digit, an inlay hint', async () => {
  const caps = init.capabilities;
  assert.ok(caps.inlayHintProvider, 'inlay hints');
  assert.equal(caps.codeLensProvider, undefined, 'VS Code shows inlay hints, so no code lens stands in');
  assert.deepEqual(caps.executeCommandProvider?.commands, ['sudoku.hint', 'sudoku.applyNextStep', 'sudoku.explainHtml']);
  const source = fs.readFileSync(path.join(fixtures, expected.unique.file), 'utf8');
  const solvedText = fs.readFileSync(path.join(fixtures, expected.unique.solved), 'utf8');
  const uri = uriOf('tutor.sudoku');
  await conn.sendNotification('textDocument/didOpen', {
    textDocument: { uri, languageId: 'sudoku', version: 1, text: source },
  });
  await waitFor('diagnostics (none) for the tutor file', () => {
    const p = diagnostics.get(uri);
    return p && p.version === 1 && p.diagnostics.length === 0 ? true : undefined;
  });
  const rows = gridCells(source);
  const position = { line: rows[0].line, character: rows[0].cols[0] };
  const actions = await conn.sendRequest<Array<CodeAction | Command> | null>('textDocument/codeAction', {
    textDocument: { uri },
    range: { start: position, end: position },
    context: { diagnostics: [], triggerKind: 1 },
  });
  assert.ok(actions, 'no code actions');
  const hint = actions.find((a) => a.title === 'Hint: next step') as CodeAction | undefined;
  assert.ok(hint?.command, `no hint among ${actions.map((a) => a.title).join(', ')}`);
  assert.equal(hint.edit, undefined, 'the hint writes nothing');
  const step = await conn.sendRequest<any>('workspace/executeCommand', {
    command: hint.command.command,
    arguments: hint.command.arguments,
  });
  assert.match(step.technique, /^[a-z0-9-]+$/);
  for (const word of step.technique.split('-')) {
    assert.ok(step.message.toLowerCase().includes(word), `${step.message} names ${step.technique}`);
  }
  await waitFor('hint diagnostics on the cells that prove the step', () => {
    const p = diagnostics.get(uri);
    const hints = p?.diagnostics.filter((d) => d.code === 'hint' && d.severity === 4) ?? [];
    return hints.length === step.cells.length && hints.length > 0 ? true : undefined;
  });

  const apply = actions.find((a) => a.title.startsWith('Apply next step: r')) as CodeAction | undefined;
  assert.ok(apply?.edit, `no applied step among ${actions.map((a) => a.title).join(', ')}`);
  assert.match(apply.title, /^Apply next step: r\dc\d \([a-zA-Z0-9 ()-]+\)$/);
  const applied = applyEdits(source, editsFor(apply.edit, uri, 1));
  let placed = 0;
  for (let i = 0; i < source.length; i++) {
    if (applied[i] !== source[i]) {
      assert.equal(applied[i], solvedText[i], `the step wrote ${applied[i]} where the solution has ${solvedText[i]}`);
      placed++;
    }
  }
  assert.ok(placed > 0, 'the applied step wrote no digit');

  const hints = await conn.sendRequest<any[]>('textDocument/inlayHint', {
    textDocument: { uri },
    range: { start: { line: 0, character: 0 }, end: { line: source.split('\n').length, character: 0 } },
  });
  assert.equal(hints.length, 1);
  assert.match(hints[0].label, /^(easy|medium|hard|unfair|extreme) · \d+$/);
  assert.equal(hints[0].position.line, rows[0].line, 'at the puzzle\'s first line');
});

test('sudoku.explainHtml: the steps page of the puzzle at the cursor, as "Sudoku: Show Steps" asks', async () => {
  const source = fs.readFileSync(path.join(fixtures, expected.unique.file), 'utf8');
  const uri = uriOf('steps.sudoku');
  await conn.sendNotification('textDocument/didOpen', {
    textDocument: { uri, languageId: 'sudoku', version: 1, text: source },
  });
  await waitFor('diagnostics (none) for the steps file', () => {
    const p = diagnostics.get(uri);
    return p && p.version === 1 && p.diagnostics.length === 0 ? true : undefined;
  });
  const rows = gridCells(source);
  const position = { line: rows[4].line, character: rows[4].cols[4] };
  const page = await conn.sendRequest<{ title: string; html: string } | null>('workspace/executeCommand', {
    command: 'sudoku.explainHtml',
    arguments: [{ uri, position }],
  });
  assert.ok(page, 'no page for the puzzle at the cursor');
  assert.match(page.title, /steps\.sudoku #1/);
  const html = page.html;
  assert.ok(html.startsWith('<!DOCTYPE html>'), html.slice(0, 200));
  assert.match(html, /Content-Security-Policy" content="default-src 'none'/);
  assert.ok(!/<(script|link|img)[^>]*\ssrc=|<link /.test(html), 'the page loads nothing');
  // The title is escaped, the level and score are there, and every given is in its cell.
  assert.ok(html.includes('Royle 17-clue'), 'the puzzle\'s title');
  assert.match(html, /Level (easy|medium|hard|unfair|extreme) · score \d+/);
  const svgs = html.split('<svg ').length - 1;
  const steps = html.match(/<li class="step"/g)?.length ?? 0;
  assert.ok(steps > 20 && svgs === steps, `${steps} steps and ${svgs} pictures`);
  const first = html.slice(html.indexOf('<svg '), html.indexOf('</svg>'));
  const givens = [...first.matchAll(/data-role="given" data-cell="r(\d+)c(\d+)" data-digit="(\d+)"/g)].map(
    (m) => `r${m[1]}c${m[2]}=${m[3]}`,
  );
  const want: string[] = [];
  rows.forEach((row, r) => row.chars.forEach((ch, c) => {
    if (ch !== '.') want.push(`r${r + 1}c${c + 1}=${ch}`);
  }));
  assert.deepEqual(givens, want);

  // By index too; a position outside every puzzle gets null.
  const byIndex = await conn.sendRequest<{ html: string } | null>('workspace/executeCommand', {
    command: 'sudoku.explainHtml',
    arguments: [{ uri, puzzle: 0 }],
  });
  assert.equal(byIndex?.html, html);
  const none = await conn.sendRequest<unknown>('workspace/executeCommand', {
    command: 'sudoku.explainHtml',
    arguments: [{ uri, puzzle: 5 }],
  });
  assert.equal(none, null);
});
