/** Content calls (issue 5; src/shared/api/content.ts): blogs, videos and member tags. */
import * as content from '../shared/api/content';
import { queryCall, type ApiClient, type CallExtra as Extra } from './client';

export const contentApi = (api: ApiClient) => ({
  blogCategories: (extra?: Extra) => api.call(content.getBlogCategories, { ...extra }),
  blogs: queryCall(api, content.getBlogList),
  videos: queryCall(api, content.getVideoList),
  memberTags: (extra?: Extra) => api.call(content.getAllMemberTags, { ...extra }),
});
