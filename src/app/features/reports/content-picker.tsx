/**
 * Recommended content for the member (spec §7 "Content and cycle data"): blog posts and videos
 * searched by title, category and member tag, and the member tags that describe her situation.
 * Chosen items show first with a remove button; search results below with an add button.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportDetail } from '../../../shared/api/expert-reports';
import { clockDuration } from '../../../shared/time/format';
import { Button } from '../../components/button';
import { SearchForm } from '../../components/search-form';
import { useBlogCategories, useBlogSearch, useMemberTags, useVideoSearch } from './queries';
import { QueryFailed, readFailed } from '../../components/query-failed';
import type { Read } from '../../components/read-failure';

interface Item {
  id: number;
  title: string;
  url: string;
  note: string;
}

function ItemList({
  items,
  read,
  chosen,
  onToggle,
  disabled,
}: {
  items: Item[];
  /** The search the items come from: once it failed with none held, said with a retry. */
  read?: Read;
  chosen: readonly number[];
  onToggle(id: number): void;
  disabled: boolean;
}) {
  const { t } = useTranslation('reports');
  if (read && readFailed(read)) return <QueryFailed onRetry={() => void read.refetch()} />;
  if (items.length === 0) return <p className="text-sm text-slate-500">{t('common:table.noData')}</p>;
  return (
    <ul className="divide-y divide-slate-100">
      {items.map((item) => {
        const on = chosen.includes(item.id);
        return (
          <li key={item.id} className="flex items-center justify-between gap-3 py-2 text-sm">
            <span className="min-w-0">
              <a
                href={item.url}
                target="_blank"
                rel="noreferrer"
                className="font-medium text-slate-800 hover:underline"
              >
                {item.title}
              </a>
              <span className="block text-xs text-slate-500">{item.note}</span>
            </span>
            {!disabled && (
              <Button
                variant={on ? 'secondary' : 'ghost'}
                onClick={() => onToggle(item.id)}
                aria-label={t(on ? 'editor.removeItem' : 'editor.addItem', { title: item.title })}
              >
                {on ? t('editor.remove') : t('editor.add')}
              </Button>
            )}
          </li>
        );
      })}
    </ul>
  );
}

export interface PickedContent {
  blogIds: number[];
  videoIds: number[];
  tagIds: number[];
}

export function ContentPicker({
  value,
  chosen,
  onChange,
  disabled = false,
}: {
  value: PickedContent;
  /** The chosen items as the server spelt them out (report detail), for titles before a search. */
  chosen: Pick<ReportDetail, 'blogs' | 'videos'>;
  onChange(next: PickedContent): void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('reports');
  const [search, setSearch] = useState({ keyword: '', categoryId: '', tagId: '' });
  const categories = useBlogCategories();
  const tags = useMemberTags();
  const tagId = search.tagId ? Number(search.tagId) : undefined;
  const blogs = useBlogSearch(
    search.keyword,
    search.categoryId ? Number(search.categoryId) : undefined,
    tagId,
  );
  const videos = useVideoSearch(search.keyword, tagId);
  const toggle = (list: readonly number[], id: number) =>
    list.includes(id) ? list.filter((x) => x !== id) : [...list, id];
  const minutes = (n: number) => t('editor.readMinutes', { count: n });
  const blogItems = (list: ReportDetail['blogs']): Item[] =>
    list.map((b) => ({
      id: b.id,
      title: b.title,
      url: b.url,
      note: `${minutes(b.readMinutes)} · ${b.summary}`,
    }));
  const videoItems = (list: ReportDetail['videos']): Item[] =>
    list.map((v) => ({ id: v.id, title: v.title, url: v.url, note: clockDuration(v.durationSeconds) }));
  const chosenBlogs = blogItems(chosen.blogs.filter((b) => value.blogIds.includes(b.id)));
  const chosenVideos = videoItems(chosen.videos.filter((v) => value.videoIds.includes(v.id)));
  // Items chosen in this session are not in `chosen` until saved: take them from the results.
  for (const b of blogItems(blogs.data?.list ?? []))
    if (value.blogIds.includes(b.id) && !chosenBlogs.some((c) => c.id === b.id)) chosenBlogs.push(b);
  for (const v of videoItems(videos.data?.list ?? []))
    if (value.videoIds.includes(v.id) && !chosenVideos.some((c) => c.id === v.id)) chosenVideos.push(v);
  return (
    <div className="flex flex-col gap-4">
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-700">{t('editor.tags')}</legend>
        <div className="flex flex-wrap gap-2">
          {(tags.data ?? []).map((tag) => {
            const on = value.tagIds.includes(tag.id);
            return (
              <button
                key={tag.id}
                type="button"
                aria-pressed={on}
                disabled={disabled}
                onClick={() => onChange({ ...value, tagIds: toggle(value.tagIds, tag.id) })}
                className={`rounded-full px-3 py-1 text-xs ring-1 ${on ? 'bg-brand text-white ring-brand' : 'bg-white text-slate-700 ring-slate-200'} disabled:opacity-70`}
              >
                {tag.name}
              </button>
            );
          })}
        </div>
      </fieldset>
      <div className="grid gap-4 lg:grid-cols-2">
        <section aria-label={t('editor.chosenBlogs')}>
          <h4 className="mb-1 text-sm font-medium text-slate-700">{t('editor.chosenBlogs')}</h4>
          <ItemList
            items={chosenBlogs}
            chosen={value.blogIds}
            disabled={disabled}
            onToggle={(id) => onChange({ ...value, blogIds: toggle(value.blogIds, id) })}
          />
        </section>
        <section aria-label={t('editor.chosenVideos')}>
          <h4 className="mb-1 text-sm font-medium text-slate-700">{t('editor.chosenVideos')}</h4>
          <ItemList
            items={chosenVideos}
            chosen={value.videoIds}
            disabled={disabled}
            onToggle={(id) => onChange({ ...value, videoIds: toggle(value.videoIds, id) })}
          />
        </section>
      </div>
      {!disabled && (
        <>
          <SearchForm
            fields={[
              {
                name: 'keyword',
                label: t('editor.contentSearch'),
                placeholder: t('editor.contentSearchPlaceholder'),
              },
              {
                name: 'categoryId',
                label: t('editor.blogCategory'),
                options: [
                  { value: '', label: t('editor.all') },
                  ...(categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name })),
                ],
              },
              {
                name: 'tagId',
                label: t('editor.tag'),
                options: [
                  { value: '', label: t('editor.all') },
                  ...(tags.data ?? []).map((c) => ({ value: String(c.id), label: c.name })),
                ],
              },
            ]}
            onSearch={(v) =>
              setSearch({
                keyword: v.keyword?.trim() ?? '',
                categoryId: v.categoryId ?? '',
                tagId: v.tagId ?? '',
              })
            }
          />
          <div className="grid gap-4 lg:grid-cols-2">
            <section aria-label={t('editor.blogResults')}>
              <h4 className="mb-1 text-sm font-medium text-slate-700">{t('editor.blogResults')}</h4>
              <ItemList
                items={blogItems(blogs.data?.list ?? [])}
                read={blogs}
                chosen={value.blogIds}
                disabled={disabled}
                onToggle={(id) => onChange({ ...value, blogIds: toggle(value.blogIds, id) })}
              />
            </section>
            <section aria-label={t('editor.videoResults')}>
              <h4 className="mb-1 text-sm font-medium text-slate-700">{t('editor.videoResults')}</h4>
              <ItemList
                items={videoItems(videos.data?.list ?? [])}
                read={videos}
                chosen={value.videoIds}
                disabled={disabled}
                onToggle={(id) => onChange({ ...value, videoIds: toggle(value.videoIds, id) })}
              />
            </section>
          </div>
        </>
      )}
    </div>
  );
}
