/**
 * The shared editor's settings (src/editor/service/config.ts): what it refuses at start, and which
 * forwarded addresses it believes.
 */
import { describe, expect, it } from 'vitest';
import { EditorSetupError, readEditorServiceConfig } from '../../src/editor/service/config.ts';

const read = (env: NodeJS.ProcessEnv) => readEditorServiceConfig(env, '/srv/site');
const refusal = (env: NodeJS.ProcessEnv) => {
  try {
    read(env);
  } catch (error) {
    expect(error).toBeInstanceOf(EditorSetupError);
    return error as EditorSetupError;
  }
  throw new Error('expected a refusal');
};

describe('the editor service’s settings', () => {
  it('defaults to this checkout, localhost and port 4500, with Secure cookies even on http://localhost', () => {
    const config = read({});
    expect(config).toMatchObject({ port: 4500, host: '127.0.0.1', repo: '/srv/site', secureCookies: true, trustProxy: false });
    expect(config.publicUrl.origin).toBe('http://localhost:4500');
  });

  it.each(['http://edit.example.com', 'ftp://edit.example.com', 'https://edit.example.com/editor', 'not a url'])(
    'refuses EDITOR_PUBLIC_URL=%s',
    (url) => {
      expect(refusal({ EDITOR_PUBLIC_URL: url }).code).toBe('EditorPublicUrlInvalid');
    },
  );

  it('believes forwarded addresses from as many proxies as it is told, or from their addresses, never from every hop', () => {
    expect(read({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(read({ TRUST_PROXY: '10.0.0.0/8,loopback' }).trustProxy).toBe('10.0.0.0/8,loopback');
    expect(read({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(refusal({ TRUST_PROXY: 'true' }).code).toBe('EditorTrustProxyInvalid');
    expect(refusal({ TRUST_PROXY: 'everyone' }).message).toContain('how many are in front');
  });
});
