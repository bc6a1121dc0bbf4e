// Checks an unpacked platform .vsix the way the extension uses it on a user's machine:
//
//   node vsix_server.js DISCOVERY_JS EXTENSION_DIR
//
// DISCOVERY_JS is the extension's compiled src/discovery.js (`npm run compile-tests`), EXTENSION_DIR
// the `extension/` folder of the unpacked .vsix. With no setting and an empty PATH the extension
// must choose the bundled server; when unpacking lost the server's executable bit, choosing it
// must give the bit back. Prints what it checked; exits 1 on a failure.
'use strict';

const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');

const [discoveryJs, extensionDir] = process.argv.slice(2);
const { findServer, defaultIsExecutable } = require(path.resolve(discoveryJs));
const server = path.join(extensionDir, 'server', 'sudoku-lsp');

function check(what, fn) {
  try {
    fn();
    console.log(`ok: ${what}`);
  } catch (err) {
    console.log(`FAILED: ${what}\n${err.message}`);
    process.exitCode = 1;
  }
}

for (const settingPath of [null, '']) {
  check(`no setting (${JSON.stringify(settingPath)}) and no PATH entry: the bundled server is chosen`, () => {
    assert.deepEqual(findServer({ settingPath, extensionPath: extensionDir, env: { PATH: '' } }), {
      kind: 'found',
      path: server,
      source: 'bundled',
    });
  });
}

check('a server that lost its executable bit gets it back when chosen', () => {
  fs.chmodSync(server, 0o644);
  assert.equal(defaultIsExecutable(server), false);
  const found = findServer({ extensionPath: extensionDir, env: { PATH: '' } });
  assert.equal(found.kind === 'found' && found.path, server);
  assert.equal(defaultIsExecutable(server), true);
});
