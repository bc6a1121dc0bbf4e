// Regenerates test/fixtures/vscode-client-capabilities.json: the client capabilities that
// vscode-languageclient (the library VS Code extensions use) sends in `initialize`, computed by
// the library itself with a stand-in for the `vscode` module, which only exists inside VS Code.
// Run: node scripts/capture-capabilities.cjs > test/fixtures/vscode-client-capabilities.json
'use strict';
const Module = require('node:module');
const path = require('node:path');

// Every property of the stand-in is a callable, constructible proxy, so the library's feature
// constructors run; capabilities do not depend on what these calls return.
function stub(name) {
  const fn = function () {};
  return new Proxy(fn, {
    get(_target, prop) {
      if (prop === Symbol.toPrimitive) return () => 1;
      if (prop === 'then') return undefined;
      if (prop === Symbol.iterator) return function* () {};
      if (prop === 'prototype') return {};
      // The library refuses to run on a VS Code older than its engine.
      if (prop === 'version') return '1.106.0';
      return stub(`${name}.${String(prop)}`);
    },
    construct: () => stub(`new ${name}`),
    apply: () => stub(`${name}()`),
  });
}

const vscodeStub = stub('vscode');
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return request === 'vscode' ? 'vscode' : resolve.call(this, request, ...rest);
};
require.cache.vscode = { id: 'vscode', filename: 'vscode', loaded: true, exports: vscodeStub };

const main = path.join(__dirname, '..', 'node_modules', 'vscode-languageclient', 'lib', 'node', 'main.js');
const { LanguageClient } = require(main);
const client = new LanguageClient('sudoku', 'Sudoku', { command: 'sudoku-lsp' }, {
  documentSelector: [{ language: 'sudoku' }],
});
process.stdout.write(`${JSON.stringify(client.computeClientCapabilities(), null, 2)}\n`);
