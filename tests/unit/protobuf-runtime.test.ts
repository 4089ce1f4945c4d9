/**
 * What the portal build's trimmed protobufjs runtime relies on (scripts/lib/protobuf-runtime.mjs,
 * docs/wire/app-socket.md "Codec"): no float, double or bytes field and no service in proto/, a
 * codec generated without services, generated client code that never reads what is left out, and
 * protobufjs still requiring the left-out modules where the plugin looks for them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { protobufRuntime } from '../../scripts/lib/protobuf-runtime.mjs';
import { ROOT } from '../support/stack';

const read = (...parts: string[]) => readFileSync(path.join(ROOT, ...parts), 'utf8');
const protos = readdirSync(path.join(ROOT, 'proto')).filter((f) => f.endsWith('.proto'));
const PROTOBUF_SRC = path.join(ROOT, 'node_modules/protobufjs/src');

describe('the trimmed protobufjs runtime of the portal build', () => {
  it('has a schema with no float, double or bytes field and no service', () => {
    expect(protos.length).toBeGreaterThan(0);
    for (const file of protos) {
      const text = read('proto', file);
      expect(text, file).not.toMatch(/^\s*(repeated\s+|optional\s+)?(float|double|bytes)\s+\w+\s*=/m);
      expect(text, file).not.toMatch(/^\s*service\s/m);
    }
    expect(read('scripts/proto-gen.mjs')).toContain("'--no-service'");
  });

  it('has generated client code that reads no float, double, base64 or RPC', () => {
    for (const file of ['client-send.js', 'client-receive.js']) {
      const code = read('src/socket/generated', file);
      expect(code, file).not.toMatch(/\.(float|double)\(|base64|\.rpc\b|asPromise|EventEmitter/);
    }
  });

  it('stands in for each module where protobufjs requires it, and for nothing else', async () => {
    const plugin = protobufRuntime() as unknown as {
      resolveId(source: string, importer?: string): string | null;
      load(id: string): string | null;
    };
    const wanted: Array<[string, string]> = [
      ['float', 'util/minimal.js'],
      ['base64', 'util/minimal.js'],
      ['eventemitter', 'util/minimal.js'],
      ['aspromise', 'util/minimal.js'],
      ['rpc', 'index-minimal.js'],
    ];
    for (const [name, from] of wanted) {
      expect(read('node_modules/protobufjs/src', from)).toContain(`require("./${name}")`);
      const id = plugin.resolveId(`./${name}`, path.join(PROTOBUF_SRC, from));
      expect(id, name).toBeTruthy();
      const code = plugin.load(id!);
      expect(code, name).toMatch(/module\.exports/);
    }
    expect(plugin.resolveId('./float', path.join(ROOT, 'src/app/main.tsx'))).toBeNull();
    expect(plugin.resolveId('./utf8', path.join(PROTOBUF_SRC, 'util/minimal.js'))).toBeNull();
    expect(plugin.load('/work/x.ts')).toBeNull();
  });

  it('fails loudly if what was left out is ever called', () => {
    const plugin = protobufRuntime() as unknown as { load(id: string): string };
    const module = { exports: {} as Record<string, () => void> };
    new Function('module', plugin.load('\0protobuf-unused:float'))(module);
    expect(() => module.exports.readDoubleLE!()).toThrow(/left out of the portal build/);
  });
});
