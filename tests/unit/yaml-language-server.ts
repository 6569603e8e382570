/**
 * The YAML editor as marketers have it: the real yaml-language-server (what VS Code's YAML extension
 * runs), started over stdio and driven the way the editor drives it. It reads the workspace's
 * `.vscode/settings.json` mapping of files to schemas, so a test of it also tests that mapping.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node';
import { eventDeadlineMs } from '../helpers/deadlines.ts';
import { startProcess } from '../helpers/processes.ts';

/** What the editor underlines: 1-based line and column, and the message it shows. */
export interface EditorProblem {
  readonly line: number;
  readonly column: number;
  readonly message: string;
}

export interface YamlEditor {
  readonly version: string;
  /** The problems the editor shows for `text`, opened as the file at `path` under the workspace. */
  problems(path: string, text: string): Promise<EditorProblem[]>;
  stop(): Promise<void>;
}

interface Diagnostic {
  readonly range: { readonly start: { readonly line: number; readonly character: number } };
  readonly message: string;
}

/** Starts the installed yaml-language-server with `workspace` as its one folder. */
export async function startYamlEditor(workspace: string): Promise<YamlEditor> {
  const require = createRequire(import.meta.url);
  const packageDir = dirname(require.resolve('yaml-language-server/package.json'));
  // Shared by a file's tests: started in beforeAll, stopped by `stop` in afterAll.
  const server = startProcess(process.execPath, [join(packageDir, 'bin/yaml-language-server'), '--stdio'], {
    name: 'yaml-language-server --stdio',
    stdio: ['pipe', 'pipe', 'pipe'],
    lifetime: 'caller',
  });
  const { child } = server;
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const connection = createMessageConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
  const waiting = new Map<string, (diagnostics: Diagnostic[]) => void>();
  connection.onNotification('textDocument/publishDiagnostics', (params: { uri: string; diagnostics: Diagnostic[] }) => {
    waiting.get(params.uri)?.(params.diagnostics);
  });
  connection.onRequest('client/registerCapability', () => null);
  // The server's own log, shown with any failure to start or to answer.
  connection.onNotification('window/logMessage', (p: { message: string }) => {
    stderr += `${p.message}\n`;
  });
  connection.listen();

  const settings = JSON.parse(readFileSync(join(workspace, '.vscode/settings.json'), 'utf8')) as Record<string, unknown>;
  // What the YAML extension answers from those settings when the server asks for its configuration.
  const sections: Record<string, unknown> = {
    yaml: {
      schemas: settings['yaml.schemas'],
      validate: settings['yaml.validate'] ?? true,
      hover: false,
      completion: false,
      format: { enable: false },
      // The catalogue of schemastore.org is downloaded otherwise; tests run without a network.
      schemaStore: { enable: false },
    },
    http: {},
    '[yaml]': settings['[yaml]'] ?? {},
    editor: {},
  };
  connection.onRequest('workspace/configuration', (params: { items: { section?: string }[] }) =>
    params.items.map((item) => sections[item.section ?? ''] ?? null),
  );
  const root = pathToFileURL(workspace).href;
  const init = (await connection.sendRequest('initialize', {
    processId: process.pid,
    rootUri: root,
    workspaceFolders: [{ uri: root, name: 'site' }],
    capabilities: { workspace: { configuration: true }, textDocument: { publishDiagnostics: {} } },
  })) as { serverInfo?: { version?: string } };
  await connection.sendNotification('initialized', {});
  // Told that the settings changed, the server asks for them (workspace/configuration, answered above).
  await connection.sendNotification('workspace/didChangeConfiguration', { settings: null });
  let version = 0;
  /** The next diagnostics the server publishes for `uri`. */
  const next = (uri: string, what: string) =>
    new Promise<Diagnostic[]>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`yaml-language-server sent no diagnostics ${what} in ${eventDeadlineMs / 1000} s.\n${stderr}`)),
        eventDeadlineMs,
      );
      waiting.set(uri, (found) => {
        clearTimeout(timer);
        waiting.delete(uri);
        resolve(found);
      });
    });
  const problems = async (path: string, text: string): Promise<EditorProblem[]> => {
    const uri = pathToFileURL(join(workspace, path)).href;
    const opened = next(uri, `for ${path}`);
    await connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri, languageId: 'yaml', version: ++version, text },
    });
    const found = await opened;
    // Closing clears the file's problems with one more message, which must not be taken for the next file's.
    const cleared = next(uri, `when ${path} closed`);
    await connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
    await cleared;
    return found.map((d) => ({ line: d.range.start.line + 1, column: d.range.start.character + 1, message: d.message }));
  };

  // The server applies its settings a moment after it has asked for them; until then it checks
  // syntax only. A page with no fields is wrong for the page schema, so its problems say when.
  const deadline = Date.now() + eventDeadlineMs;
  while ((await problems('content/pages/editor-ready-probe.yaml', 'sections: []\n')).length === 0) {
    if (Date.now() > deadline)
      throw new Error(`yaml-language-server never applied the schemas of .vscode/settings.json.\n${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    version: init.serverInfo?.version ?? 'yaml-language-server',
    problems,
    async stop() {
      await connection.sendRequest('shutdown').catch(() => {});
      connection.dispose();
      await server.stop();
    },
  };
}
