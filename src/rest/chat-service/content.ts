/**
 * Content / blobs (docs/wire/hosted-chat.md §6): create → upload to `blob_object_access.params` (its
 * query pairs become multipart fields, `file` last) → complete with `size`; info, list, delete,
 * and the download URLs (private ones carry the session token).
 */
import type { ChatServiceClient } from './client';
import type { Blob_, BlobObjectAccess, Page } from './types';

export interface NewBlob {
  name: string;
  content_type: string;
  public?: boolean;
  tag_list?: string[];
}

export type CreatedBlob = Blob_ & {
  account_id: number;
  app_id: number;
  blob_object_access: BlobObjectAccess;
};

export const chatContent = (client: ChatServiceClient) => {
  const api = {
    async create(blob: NewBlob): Promise<CreatedBlob> {
      const answer = await client.request<{ blob: CreatedBlob }>({
        method: 'POST',
        path: 'blobs.json',
        form: { blob: { ...blob, public: blob.public === undefined ? undefined : String(blob.public) } },
      });
      return answer.blob;
    },

    /** Step 2: multipart POST to the upload URL, fields in query order, then the file. */
    async upload(
      access: BlobObjectAccess,
      file: Blob,
      fileName: string,
      onProgress?: (fraction: number) => void,
    ) {
      const target = new URL(access.params, client.url(''));
      const form = new FormData();
      for (const [key, value] of target.searchParams) form.append(key, value);
      form.append('file', file, fileName);
      await client.request({
        method: 'POST',
        path: `${target.origin}${target.pathname}`,
        multipart: form,
        text: true,
        onUploadProgress: onProgress,
      });
    },

    async complete(id: number, size: number): Promise<void> {
      await client.request({ method: 'PUT', path: `blobs/${id}/complete.json`, form: { size }, text: true });
    },

    /** Create, upload and complete; the created blob with its `size`. */
    async createAndUpload(
      input: { file: Blob; name: string; contentType?: string; public?: boolean; tagList?: string[] },
      onProgress?: (fraction: number) => void,
    ): Promise<CreatedBlob> {
      const created = await api.create({
        name: input.name,
        content_type: input.contentType || input.file.type || 'application/octet-stream',
        public: input.public,
        tag_list: input.tagList,
      });
      await api.upload(created.blob_object_access, input.file, input.name, onProgress);
      await api.complete(created.id, input.file.size);
      return { ...created, size: input.file.size };
    },

    /** By id (by uid the same path downloads the file, wire §6). */
    async info(id: number): Promise<Blob_> {
      return (await client.request<{ blob: Blob_ }>({ path: `blobs/${id}.json` })).blob;
    },

    async update(id: number, changes: Partial<NewBlob>): Promise<Blob_> {
      return (
        await client.request<{ blob: Blob_ }>({
          method: 'PUT',
          path: `blobs/${id}.json`,
          form: { blob: changes },
        })
      ).blob;
    },

    list: (page = 1, perPage = 10) =>
      client.request<Page<{ blob: Blob_ }>>({ path: 'blobs.json', query: { page, per_page: perPage } }),

    async delete(id: number): Promise<void> {
      await client.request({ method: 'DELETE', path: `blobs/${id}.json`, text: true });
    },

    publicUrl: (uid: string) => client.url(`blobs/${uid}`),

    /** A download link for a private blob (carries the current session token, §6). */
    privateUrl: (uid: string) =>
      `${client.url(`blobs/${uid}`)}?token=${encodeURIComponent(client.token ?? '')}`,
  };
  return api;
};
