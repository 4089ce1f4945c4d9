/** The product's Prosody configuration for one sample set of settings, as the unit tests read it. */
import { renderProsodyConfig } from '../../../src/server/prosody/config';

export const sampleProsodyConfig = renderProsodyConfig({
  dataDir: '/data',
  domain: 'localhost',
  c2sPort: 5222,
  httpPort: 5280,
  hookBaseUrl: 'http://127.0.0.1:8080/internal/prosody',
});
