//! Grammar scope tests: vscode-tmgrammar-test on the fixtures in test/grammar/, plus the wiring
//! between package.json, the grammar and the language configuration.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';

const root = path.resolve(__dirname, '..', '..');

function readJson(rel: string): any {
  return JSON.parse(fs.readFileSync(path.join(root, rel), 'utf8'));
}

test('grammar scopes match the assertions in test/grammar/*.sudoku', () => {
  const cli = path.join(root, 'node_modules', 'vscode-tmgrammar-test', 'dist', 'unit.js');
  const fixtures = fs
    .readdirSync(path.join(root, 'test', 'grammar'))
    .filter((f) => f.endsWith('.sudoku'))
    .map((f) => path.join('test', 'grammar', f));
  assert.ok(fixtures.length >= 2, 'grammar fixtures are missing');
  const run = spawnSync(process.execPath, [cli, '-g', 'syntaxes/sudoku.tmLanguage.json', ...fixtures], {
    cwd: root,
    encoding: 'utf8',
  });
  assert.equal(run.status, 0, `vscode-tmgrammar-test failed:\n${run.stdout}\n${run.stderr}`);
  assert.equal((run.stdout.match(/run successfuly/g) ?? []).length, fixtures.length, run.stdout);
});

test('package.json wires the language, grammar, settings and command together', () => {
  const pkg = readJson('package.json');
  const lang = pkg.contributes.languages.find((l: any) => l.id === 'sudoku');
  assert.deepEqual(lang.extensions, ['.sudoku', '.sdk', '.sdm', '.sdx', '.ss', '.opensudoku']);
  assert.equal(readJson(lang.configuration).comments.lineComment, '#');
  const grammar = pkg.contributes.grammars.find((g: any) => g.language === 'sudoku');
  assert.equal(readJson(grammar.path).scopeName, grammar.scopeName);
  const props = Object.keys(pkg.contributes.configuration.properties).sort();
  assert.deepEqual(props, ['sudoku.csv', 'sudoku.extendSelect', 'sudoku.hints', 'sudoku.ignore', 'sudoku.maxDiagnostics', 'sudoku.select', 'sudoku.server.path', 'sudoku.showSolutions', 'sudoku.trace.server']);
  assert.deepEqual(pkg.contributes.configuration.properties['sudoku.hints'].enum, ['nudge', 'full']);
  // The tutor's commands are the server's (the client registers them); the palette shows them
  // for sudoku files only.
  const palette = pkg.contributes.menus.commandPalette.map((m: any) => `${m.command} ${m.when}`);
  assert.deepEqual(palette, [
    'sudoku.hint editorLangId == sudoku',
    'sudoku.applyNextStep editorLangId == sudoku',
    'sudoku.showSteps editorLangId == sudoku',
  ]);
  const steps = pkg.contributes.commands.find((c: any) => c.command === 'sudoku.showSteps');
  assert.equal(`${steps.category}: ${steps.title}`, 'Sudoku: Show Steps');
  // The command is the extension's own; it must be registered, or the palette entry fails.
  const source = fs.readFileSync(path.join(root, 'src', 'extension.ts'), 'utf8');
  assert.match(source, /registerCommand\('sudoku\.showSteps'/);
  const cmd = pkg.contributes.commands.find((c: any) => c.command === 'sudoku.restartServer');
  assert.equal(`${cmd.category}: ${cmd.title}`, 'Sudoku: Restart Server');
  assert.ok(fs.existsSync(path.join(root, 'LICENSE')), 'vsce prompts without a LICENSE file');
});
