/** The dashboard, the balance (spec §2, USD earnings) and the content calls (spec §7 "Content"). */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { catalogueTranslations, contentFixtures, workspaceFixtures } from '../../fixtures';
import { apiClient } from '../support/api';

const stack = inject('stack');
const api = apiClient(stack);

interface Page<T> {
  total: number;
  list: T[];
}

const completedSeeded = workspaceFixtures.history.appointments.filter((a) => a.status === 'COMPLETED').length;

describe('dashboard and balance', () => {
  let amelia: string;
  let fresh: string;
  beforeAll(async () => {
    amelia = await api.signInAs('amelia');
    fresh = (await api.signUpFresh('dash')).token;
  });

  it('gives counts, upcoming consultations and twelve weeks of activity', async () => {
    const answer = await api.call<{
      timezone: string;
      upcoming: Array<{ startsAt: string; status: string }>;
      counts: { completed: number; cancelled: number };
      clients: number;
      weeks: Array<{ weekStart: string; completed: number }>;
    }>('GET', '/consultation/invite/doctor/dashboard', { token: amelia });
    expect(answer.data.timezone).toBe('Europe/London');
    expect(answer.data.counts).toMatchObject({ completed: completedSeeded, cancelled: 2 });
    expect(answer.data.clients).toBe(5);
    expect(answer.data.upcoming.length).toBeGreaterThan(0);
    expect(answer.data.upcoming.every((a) => a.status === 'UPCOMING')).toBe(true);
    expect(answer.data.weeks).toHaveLength(12);
    expect(answer.data.weeks.reduce((n, w) => n + w.completed, 0)).toBeGreaterThan(0);
    expect(new Date(`${answer.data.weeks[0]!.weekStart}T00:00:00Z`).getUTCDay()).toBe(1);
  });

  it('is empty, not invented, for a new provider', async () => {
    const answer = await api.call<{
      today: unknown[];
      upcoming: unknown[];
      clients: number;
      counts: { total: number };
    }>('GET', '/consultation/invite/doctor/dashboard', { token: fresh });
    expect(answer.data).toMatchObject({ today: [], upcoming: [], clients: 0, counts: { total: 0 } });
  });

  it('sums earnings of completed consultations per month and per consultation', async () => {
    const summary = await api.call<{
      currency: string;
      totalEarnedCents: number;
      completedConsultations: number;
      periods: Array<{ start: string; amountCents: number; consultations: number }>;
    }>('GET', '/consultation/invite/doctor/balance/summary?period=MONTH&count=4', { token: amelia });
    expect(summary.data.currency).toBe('USD');
    expect(summary.data.completedConsultations).toBe(completedSeeded);
    expect(summary.data.totalEarnedCents).toBe(completedSeeded * 8500);
    expect(summary.data.periods).toHaveLength(4);
    expect(summary.data.periods.every((p) => p.start.endsWith('-01'))).toBe(true);
    const weeks = await api.call<{ periods: Array<{ start: string }> }>(
      'GET',
      '/consultation/invite/doctor/balance/summary?period=WEEK&count=10',
      { token: amelia },
    );
    expect(weeks.data.periods).toHaveLength(10);
    const list = await api.call<Page<{ amountCents: number; durationMinutes: number }>>(
      'GET',
      '/consultation/invite/doctor/balance/list?pageSize=20',
      { token: amelia },
    );
    expect(list.data.total).toBe(completedSeeded);
    expect(list.data.list[0]).toMatchObject({ amountCents: 8500, durationMinutes: 45 });
    const bad = await api.call('GET', '/consultation/invite/doctor/balance/summary?period=YEAR', {
      token: amelia,
    });
    expect(bad).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    const none = await api.call<{ totalEarnedCents: number }>(
      'GET',
      '/consultation/invite/doctor/balance/summary',
      {
        token: fresh,
      },
    );
    expect(none.data.totalEarnedCents).toBe(0);
    const noList = await api.call<Page<unknown>>('GET', '/consultation/invite/doctor/balance/list', {
      token: fresh,
    });
    expect(noList.data.total).toBe(0);
  });
});

describe('content', () => {
  let token: string;
  beforeAll(async () => {
    token = (await api.signUpFresh('content')).token;
  });

  it('lists blog categories and member tags', async () => {
    const categories = await api.call<Array<{ slug: string }>>('GET', '/misc/blog/category/all', { token });
    expect(categories.data.map((c) => c.slug)).toEqual(contentFixtures.blogCategories.map((c) => c.slug));
    const tags = await api.call<Array<{ name: string; group: string }>>('GET', '/misc/memberTag/getAllTags', {
      token,
    });
    expect(tags.data).toHaveLength(contentFixtures.memberTags.length);
    expect(tags.data).toContainEqual({ id: 7, name: 'IVF', group: 'TREATMENT' });
  });

  it('names blog categories and member tags in the portal’s language (issue 26)', async () => {
    const inSpanish = { token, headers: { 'Accept-Language': 'es' } };
    const names = (table: 'memberTags' | 'blogCategories', id: number) =>
      (catalogueTranslations[table] as Record<string, Record<string, { name: string }>>)[String(id)]!.es!
        .name;
    const categories = await api.call<Array<{ id: number; name: string }>>(
      'GET',
      '/misc/blog/category/all',
      inSpanish,
    );
    expect(categories.data.map((c) => c.name)).toEqual(
      categories.data.map((c) => names('blogCategories', c.id)),
    );
    const tags = await api.call<Array<{ id: number; name: string }>>(
      'GET',
      '/misc/memberTag/getAllTags',
      inSpanish,
    );
    expect(tags.data).toHaveLength(contentFixtures.memberTags.length);
    expect(tags.data.map((t) => t.name)).toEqual(tags.data.map((t) => names('memberTags', t.id)));
  });

  it('pages blog posts newest first and filters them', async () => {
    const first = await api.call<Page<{ id: number; publishedAt: string }>>(
      'GET',
      '/misc/blog/getBlogList?pageSize=10',
      {
        token,
      },
    );
    expect(first.data.total).toBe(contentFixtures.posts.length);
    expect(first.data.list).toHaveLength(10);
    const dates = first.data.list.map((p) => p.publishedAt);
    expect(dates).toEqual([...dates].sort().reverse());
    const third = await api.call<Page<unknown>>('GET', '/misc/blog/getBlogList?pageSize=10&page=3', {
      token,
    });
    expect(third.data.list).toHaveLength(contentFixtures.posts.length - 20);
    const byCategory = await api.call<Page<{ categoryId: number }>>(
      'GET',
      '/misc/blog/getBlogList?categoryId=3',
      { token },
    );
    expect(byCategory.data.list.every((p) => p.categoryId === 3)).toBe(true);
    const byTag = await api.call<Page<{ tagIds: number[] }>>('GET', '/misc/blog/getBlogList?tagId=4', {
      token,
    });
    expect(byTag.data.total).toBeGreaterThan(0);
    expect(byTag.data.list.every((p) => p.tagIds.includes(4))).toBe(true);
    const byWord = await api.call<Page<{ title: string }>>('GET', '/misc/blog/getBlogList?keyword=ivf', {
      token,
    });
    expect(byWord.data.list.map((p) => p.title)).toEqual(['Your first IVF cycle']);
  });

  it('pages videos and refuses bad paging', async () => {
    const videos = await api.call<Page<{ youtubeId: string; url: string }>>(
      'GET',
      '/misc/video/youtube/queryList?pageSize=10&page=2',
      { token },
    );
    expect(videos.data.total).toBe(contentFixtures.videos.length);
    expect(videos.data.list).toHaveLength(contentFixtures.videos.length - 10);
    expect(videos.data.list[0]!.url).toContain(videos.data.list[0]!.youtubeId);
    const bad = await api.call('GET', '/misc/video/youtube/queryList?page=0', { token });
    expect(bad.code).toBe('VALIDATION_ERROR');
    const anonymous = await api.call('GET', '/misc/blog/category/all');
    expect(anonymous.code).toBe('TOKEN_ERR_EMPTY');
  });
});
