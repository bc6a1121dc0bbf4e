//! Tokenizes the editor test puzzles with vscode-textmate and vscode-oniguruma (the engine VS Code
//! runs): a sound file must show nothing as invalid, and every digit in a grid row is a given.

import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import * as oniguruma from 'vscode-oniguruma';
import * as textmate from 'vscode-textmate';

const root = path.resolve(__dirname, '..', '..');
const fixtures = path.resolve(root, '..', '..', 'tests', 'editors', 'fixtures');

async function loadGrammar(): Promise<textmate.IGrammar> {
  const wasm = fs.readFileSync(path.join(root, 'node_modules', 'vscode-oniguruma', 'release', 'onig.wasm'));
  await oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));
  const registry = new textmate.Registry({
    onigLib: Promise.resolve({
      createOnigScanner: (patterns: string[]) => new oniguruma.OnigScanner(patterns),
      createOnigString: (s: string) => new oniguruma.OnigString(s),
    }),
    loadGrammar: async (scopeName: string) => {
      if (scopeName !== 'source.sudoku') return null;
      const file = path.join(root, 'syntaxes', 'sudoku.tmLanguage.json');
      return textmate.parseRawGrammar(fs.readFileSync(file, 'utf8'), file);
    },
  });
  const grammar = await registry.loadGrammar('source.sudoku');
  assert.ok(grammar, 'grammar did not load');
  return grammar;
}

/** Each line's tokens as [text, scopes]. */
function tokenize(grammar: textmate.IGrammar, source: string): Array<Array<[string, string[]]>> {
  let stack = textmate.INITIAL;
  return source.split('\n').map((line) => {
    const r = grammar.tokenizeLine(line, stack);
    stack = r.ruleStack;
    return r.tokens.map((t): [string, string[]] => [line.slice(t.startIndex, t.endIndex), t.scopes]);
  });
}

test('the sound editor fixtures tokenize with nothing invalid, and digits in rows are givens', async () => {
  const grammar = await loadGrammar();
  const files = fs.readdirSync(fixtures).filter((f) => f.endsWith('.sudoku'));
  assert.ok(files.length >= 3, `fixtures missing in ${fixtures}`);
  for (const file of files) {
    const lines = tokenize(grammar, fs.readFileSync(path.join(fixtures, file), 'utf8'));
    lines.forEach((tokens, i) => {
      for (const [text, scopes] of tokens) {
        assert.ok(!scopes.some((s) => s.startsWith('invalid')), `${file}:${i + 1}: "${text}" is ${scopes.join(' ')}`);
        const inCells = scopes.includes('meta.puzzle.row.sudoku') || scopes.includes('meta.cells.sudoku');
        if (inCells && /^[1-9]$/.test(text)) {
          assert.ok(scopes.includes('constant.numeric.given.sudoku'), `${file}:${i + 1}: ${text} is ${scopes.join(' ')}`);
        }
      }
    });
    // The puzzles are seen as puzzles: nine grid rows each, one-liners on their own.
    const count = (scope: string): number => lines.filter((t) => t.some(([, s]) => s.includes(scope))).length;
    const want = file === 'defect.sudoku' ? { rows: 9, oneLiners: 1 } : { rows: 9, oneLiners: 0 };
    assert.deepEqual({ rows: count('meta.puzzle.row.sudoku'), oneLiners: count('meta.puzzle.one-liner.sudoku') }, want, file);
  }
});
