/**
 * The provider's unsaved drafts (src/app/session/draft-store.ts, drafts.ts; docs/security.md
 * "Automatic logoff") on fake-indexeddb: kept as typed, per provider, through a reload and a
 * sign-out; read back when the same provider's session opens them; deleted only when she confirms
 * signing out without them. And the page the automatic logoff took her from, hers only.
 */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import { draftId, indexedDbDraftStore, type StoredDraft } from '../../../src/app/session/draft-store';
import {
  closeDrafts,
  deleteDrafts,
  drafts,
  dropDraft,
  flushDrafts,
  keepDraft,
  openDrafts,
  storedDrafts,
} from '../../../src/app/session/drafts';

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
  beforeEach(async () => {
    closeDrafts();
    await deleteDrafts(41);
    await deleteDrafts(42);
    closeDrafts();
  });

  it('are kept as typed and read back by her next session in this browser, not by anyone else’s', async () => {
    await openDrafts(41);
    keepDraft({
      key: 'message:d1',
      kind: 'message',
      path: '/message?userId=200001',
      about: 'Ava',
      value: { text: 'Hel' },
    });
    keepDraft({
      key: 'message:d1',
      kind: 'message',
      path: '/message?userId=200001',
      about: 'Ava',
      value: { text: 'Hello' },
    });
    keepDraft({
      key: 'profile',
      kind: 'profile',
      path: '/profile/certification',
      about: null,
      value: { title: 'MD' },
    });
    dropDraft('profile');
    await flushDrafts();
    closeDrafts();
    expect(drafts.items).toEqual({});

    await openDrafts(42);
    expect(drafts.loaded).toBe(true);
    expect(Object.keys(drafts.items)).toEqual([]);
    closeDrafts();
    await openDrafts(41);
    expect(Object.keys(drafts.items)).toEqual(['message:d1']);
    expect(drafts.items['message:d1']?.value).toEqual({ text: 'Hello' });
  });

  it('are deleted only when she confirms signing out without them', async () => {
    await openDrafts(41);
    keepDraft({ key: 'contact', kind: 'contact', path: '/settings', about: null, value: { phone: '+44' } });
    await deleteDrafts(41);
    expect(drafts.items).toEqual({});
    expect(await storedDrafts(41)).toEqual([]);
  });

  it('keep nothing while nobody is signed in', async () => {
    keepDraft({ key: 'contact', kind: 'contact', path: '/settings', about: null, value: { phone: '+44' } });
    await flushDrafts();
    expect(await storedDrafts(41)).toEqual([]);
  });
});
