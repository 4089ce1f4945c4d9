/** Custom objects (docs/wire/hosted-chat.md §7): records by class, filters, updates, deletes, file fields. */
import type { ChatServiceClient } from './client';
import type { CustomRecord, DeleteResult } from './types';

export interface RecordList {
  class_name: string;
  skip: number;
  limit: number;
  items: CustomRecord[];
}

export const chatData = (client: ChatServiceClient) => ({
  create: (className: string, record: Record<string, unknown>) =>
    client.request<CustomRecord>({ method: 'POST', path: `data/${className}.json`, json: record }),

  /** Filters as the service reads them: `{ limit: 10, 'rating[gte]': 4, sort_desc: 'created_at' }`. */
  list: (className: string, filters: Record<string, unknown> = {}) =>
    client.request<RecordList>({ path: `data/${className}.json`, query: filters }),

  get: (className: string, ids: string | string[]) =>
    client.request<RecordList>({ path: `data/${className}/${([] as string[]).concat(ids).join(',')}.json` }),

  /** Plain fields and operators (`{ inc: { views: 1 }, push: { tags: 'x' } }`). */
  update: (className: string, id: string, changes: Record<string, unknown>) =>
    client.request<CustomRecord>({ method: 'PUT', path: `data/${className}/${id}.json`, json: changes }),

  /** By id or ids, or by criteria (a form body on DELETE, §7). */
  async delete(
    className: string,
    target: string | string[] | Record<string, unknown>,
  ): Promise<DeleteResult | { total_deleted: number }> {
    if (typeof target === 'object' && !Array.isArray(target)) {
      return client.request<{ total_deleted: number }>({
        method: 'DELETE',
        path: `data/${className}/by_criteria.json`,
        form: target,
      });
    }
    return client.request<DeleteResult>({
      method: 'DELETE',
      path: `data/${className}/${([] as string[]).concat(target).join(',')}.json`,
    });
  },

  uploadFile(className: string, id: string, field: string, file: Blob, fileName: string) {
    const form = new FormData();
    form.append('field_name', field);
    form.append('file', file, fileName);
    return client.request<CustomRecord>({
      method: 'POST',
      path: `data/${className}/${id}/file.json`,
      multipart: form,
    });
  },

  fileUrl: (className: string, id: string, field: string) =>
    `${client.url(`data/${className}/${id}/file.json`)}?field_name=${encodeURIComponent(field)}&token=${encodeURIComponent(client.token ?? '')}`,

  async deleteFile(className: string, id: string, field: string): Promise<void> {
    await client.request({
      method: 'DELETE',
      path: `data/${className}/${id}/file.json`,
      form: { field_name: field },
      text: true,
    });
  },
});
