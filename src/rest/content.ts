/** Content calls (issue 5; src/shared/api/content.ts): blogs, videos and member tags. */
import * as content from '../shared/api/content';
import type { QueryOf } from '../shared/api/endpoint';
import type { ApiClient, CallExtra as Extra, CallQuery as Query } from './client';

export const contentApi = (api: ApiClient) => ({
  blogCategories: (extra?: Extra) => api.call(content.getBlogCategories, { ...extra }),
  blogs: (query: QueryOf<typeof content.getBlogList>, extra?: Extra) =>
    api.call(content.getBlogList, { query: query as Query, ...extra }),
  videos: (query: QueryOf<typeof content.getVideoList>, extra?: Extra) =>
    api.call(content.getVideoList, { query: query as Query, ...extra }),
  memberTags: (extra?: Extra) => api.call(content.getAllMemberTags, { ...extra }),
});
