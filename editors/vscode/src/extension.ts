//! The VS Code side of sudoku-lsp: finds the server, starts it over stdio, restarts it on demand.

import * as vscode from 'vscode';
import {
  ExecuteCommandRequest,
  LanguageClient,
  type LanguageClientOptions,
  type ServerOptions,
  TransportKind,
} from 'vscode-languageclient/node';
import { execFile } from 'node:child_process';
import { findServer } from './discovery';

const CLIENT_ID = 'sudoku';
const CLIENT_NAME = 'Sudoku Language Server';

let client: LanguageClient | undefined;
let output: vscode.LogOutputChannel | undefined;
/** The webview of `Sudoku: Show Steps`, reused while it is open. */
let stepsPanel: vscode.WebviewPanel | undefined;

/** The editor-only settings the server reads, sent at start (it pulls later changes itself). */
function initializationOptions(): {
  showSolutions: boolean;
  maxDiagnostics: number;
  hints: string;
  select: string[] | null;
  extendSelect: string[];
  ignore: string[];
} {
  const config = vscode.workspace.getConfiguration('sudoku');
  return {
    showSolutions: config.get<boolean>('showSolutions', false),
    maxDiagnostics: config.get<number>('maxDiagnostics', 1000),
    hints: config.get<string>('hints', 'nudge'),
    select: config.get<string[] | null>('select', null),
    extendSelect: config.get<string[]>('extendSelect', []),
    ignore: config.get<string[]>('ignore', []),
  };
}

/** The server's commands that act at the cursor; the client registers them from the server's
 * `executeCommandProvider`, and the palette calls them with no arguments. */
const CURSOR_COMMANDS = new Set(['sudoku.hint', 'sudoku.applyNextStep']);

/** A cursor command's arguments: as given (a code action's), else the active sudoku editor's
 * document and cursor, `[{uri, position}]`. */
function cursorArguments(command: string, args: unknown[]): unknown[] {
  if (!CURSOR_COMMANDS.has(command) || args.length > 0 || client === undefined) return args;
  const editor = vscode.window.activeTextEditor;
  if (editor === undefined || editor.document.languageId !== 'sudoku') return args;
  const convert = client.code2ProtocolConverter;
  return [{ uri: convert.asUri(editor.document.uri), position: convert.asPosition(editor.selection.active) }];
}

/** `Sudoku: Show Steps`: the server's page of the steps of the puzzle at the cursor
 * (`sudoku.explainHtml`), in a webview beside the file. The page is self-contained and its own
 * Content Security Policy forbids every load; its inline script pages through the steps. */
async function showSteps(): Promise<void> {
  const editor = vscode.window.activeTextEditor;
  if (client === undefined || editor === undefined || editor.document.languageId !== 'sudoku') {
    void vscode.window.showInformationMessage('Sudoku: Show Steps needs a .sudoku file open with the server running.');
    return;
  }
  const convert = client.code2ProtocolConverter;
  const answer = (await client.sendRequest(ExecuteCommandRequest.type, {
    command: 'sudoku.explainHtml',
    arguments: [{ uri: convert.asUri(editor.document.uri), position: convert.asPosition(editor.selection.active) }],
  })) as { title: string; html: string } | null;
  // No puzzle there: the server has said so in a message.
  if (answer === null || answer === undefined) return;
  if (stepsPanel === undefined) {
    const panel = vscode.window.createWebviewPanel(
      'sudokuSteps',
      answer.title,
      { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
      { enableScripts: true, localResourceRoots: [] },
    );
    panel.onDidDispose(() => {
      if (stepsPanel === panel) stepsPanel = undefined;
    });
    stepsPanel = panel;
  } else {
    stepsPanel.title = answer.title;
    stepsPanel.reveal(vscode.ViewColumn.Beside, true);
  }
  stepsPanel.webview.html = answer.html;
}

/** The first line of `BINARY --version` ("sudoku-lsp 0.1.0 (commit ...)"), or why there is none. */
function serverVersion(binary: string): Promise<string> {
  return new Promise((resolve) => {
    execFile(binary, ['--version'], { timeout: 5000 }, (err, stdout) => {
      const line = String(stdout).split(/\r?\n/, 1)[0].trim();
      resolve(err === null && line.length > 0 ? line : `version unknown: ${err?.message ?? 'no answer'}`);
    });
  });
}

async function start(context: vscode.ExtensionContext): Promise<void> {
  const channel = output ?? vscode.window.createOutputChannel(CLIENT_NAME, { log: true });
  output = channel;
  const found = findServer({
    settingPath: vscode.workspace.getConfiguration('sudoku').get<string | null>('server.path'),
    extensionPath: context.extensionPath,
    workspaceFolder: vscode.workspace.workspaceFolders?.[0]?.uri.fsPath,
  });
  if (found.kind === 'not-found') {
    channel.appendLine(found.message);
    channel.appendLine(`Looked for: ${found.tried.join(', ')}`);
    const choice = await vscode.window.showErrorMessage(found.message, 'Open Settings', 'Show Log');
    if (choice === 'Open Settings') {
      await vscode.commands.executeCommand('workbench.action.openSettings', 'sudoku.server.path');
    } else if (choice === 'Show Log') {
      channel.show();
    }
    return;
  }
  channel.appendLine(`Starting ${found.path} (found via ${found.source}): ${await serverVersion(found.path)}`);

  const run = { command: found.path, args: ['server'], transport: TransportKind.stdio };
  const serverOptions: ServerOptions = { run, debug: run };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [
      { scheme: 'file', language: 'sudoku' },
      { scheme: 'untitled', language: 'sudoku' },
      // Tables only when asked: most CSV files hold no puzzles.
      ...(vscode.workspace.getConfiguration('sudoku').get<boolean>('csv', false)
        ? [{ scheme: 'file', pattern: '**/*.{csv,tsv}' }]
        : []),
    ],
    initializationOptions: initializationOptions(),
    outputChannel: channel,
    synchronize: {
      // Pushes didChangeConfiguration; the server answers it by pulling section `sudoku`.
      configurationSection: 'sudoku',
    },
    middleware: {
      // `Sudoku: Hint: Next Step` and `Sudoku: Apply Next Step` from the palette act at the cursor.
      executeCommand: (command, args, next) => next(command, cursorArguments(command, args)),
    },
  };
  const next = new LanguageClient(CLIENT_ID, CLIENT_NAME, serverOptions, clientOptions);
  client = next;
  try {
    await next.start();
  } catch (err) {
    const message = `sudoku-lsp failed to start from ${found.path}: ${String(err)}`;
    channel.appendLine(message);
    void vscode.window.showErrorMessage(message);
  }
}

async function stop(): Promise<void> {
  const current = client;
  client = undefined;
  if (current !== undefined) {
    try {
      await current.stop();
    } catch (err) {
      output?.appendLine(`Stopping the server failed: ${String(err)}`);
    }
  }
}

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  context.subscriptions.push(
    vscode.commands.registerCommand('sudoku.restartServer', async () => {
      await stop();
      await start(context);
    }),
    vscode.commands.registerCommand('sudoku.showSteps', showSteps),
    vscode.workspace.onDidChangeConfiguration(async (event) => {
      // Another binary means another process, other files another document selector; every
      // other setting the server pulls live.
      if (event.affectsConfiguration('sudoku.server.path') || event.affectsConfiguration('sudoku.csv')) {
        await stop();
        await start(context);
      }
    }),
  );
  await start(context);
}

export async function deactivate(): Promise<void> {
  await stop();
}
