/**
 * The provider's unsaved drafts (src/app/session/draft-store.ts, drafts.ts; docs/security.md
 * "Automatic logoff") on fake-indexeddb: kept as typed, per provider, through a reload and a
 * sign-out; read back when the same provider's session opens them; deleted only when she confirms
 * signing out without them. And the page the automatic logoff took her from, hers only.
 */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import { indexedDbDraftStore, type StoredDraft } from '../../../src/app/session/draft-store';
import { createDrafts, draftId, type Drafts } from '../../../src/app/session/drafts';

const record = (owner: number, key: string, at: number): StoredDraft => ({
  id: draftId(owner, key),
  owner,
  key,
  kind: 'report',
  path: `/reports/detail?reportId=${key}`,
  about: 'Ava Thompson',
  value: { summary: key },
  at,
});

describe('draft store', () => {
  it('keeps drafts per provider across a new store on the same database, and clears one provider only', async () => {
    const factory = new IDBFactory();
    const page = indexedDbDraftStore(factory);
    await page.put(record(7, 'report:2', 2000));
    await page.put(record(7, 'report:1', 1000));
    await page.put(record(8, 'report:1', 1500));
    const reloaded = indexedDbDraftStore(factory);
    expect((await reloaded.load(7)).map((d) => d.key)).toEqual(['report:1', 'report:2']);
    await reloaded.put({ ...record(7, 'report:1', 3000), value: { summary: 'newer' } });
    expect((await reloaded.load(7)).map((d) => d.value)).toEqual([
      { summary: 'report:2' },
      { summary: 'newer' },
    ]);
    await reloaded.clear(7);
    expect(await reloaded.load(7)).toEqual([]);
    expect((await reloaded.load(8)).map((d) => d.key)).toEqual(['report:1']);
  });
});

describe('the signed-in provider’s drafts', () => {
  let factory: IDBFactory;
  let drafts: Drafts;
  /** A page of this browser: its own root's drafts over the browser's one database. */
  const page = () => createDrafts(() => indexedDbDraftStore(factory));
  beforeEach(() => {
    factory = new IDBFactory();
    drafts = page();
  });

  it('are kept as typed and read back by her next session in this browser, not by anyone else’s', async () => {
    await drafts.open(41);
    drafts.keep({
      key: 'message:d1',
      kind: 'message',
      path: '/message?userId=200001',
      about: 'Ava',
      value: { text: 'Hel' },
    });
    drafts.keep({
      key: 'message:d1',
      kind: 'message',
      path: '/message?userId=200001',
      about: 'Ava',
      value: { text: 'Hello' },
    });
    drafts.keep({
      key: 'profile',
      kind: 'profile',
      path: '/profile/certification',
      about: null,
      value: { title: 'MD' },
    });
    drafts.drop('profile');
    await drafts.flush();
    drafts.close();
    expect(drafts.state.items).toEqual({});

    await drafts.open(42);
    expect(drafts.state.loaded).toBe(true);
    expect(Object.keys(drafts.state.items)).toEqual([]);
    drafts.close();
    await drafts.open(41);
    expect(Object.keys(drafts.state.items)).toEqual(['message:d1']);
    expect(drafts.state.items['message:d1']?.value).toEqual({ text: 'Hello' });
    // A reload: a new page's drafts read the same.
    const reloaded = page();
    await reloaded.open(41);
    expect(reloaded.state.items['message:d1']?.value).toEqual({ text: 'Hello' });
  });

  it('are deleted only when she confirms signing out without them', async () => {
    await drafts.open(41);
    drafts.keep({ key: 'contact', kind: 'contact', path: '/settings', about: null, value: { phone: '+44' } });
    await drafts.deleteAll(41);
    expect(drafts.state.items).toEqual({});
    expect(await drafts.stored(41)).toEqual([]);
  });

  it('keep nothing while nobody is signed in', async () => {
    drafts.keep({ key: 'contact', kind: 'contact', path: '/settings', about: null, value: { phone: '+44' } });
    await drafts.flush();
    expect(await drafts.stored(41)).toEqual([]);
  });
});
