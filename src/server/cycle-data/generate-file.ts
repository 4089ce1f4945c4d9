/**
 * Runs a PDF build; any failure is logged and answered FILE_GENERATION_FAILED, which the portal
 * shows as 'Failed to generate file, please try again!' (spec §8).
 */
import type { FastifyBaseLogger } from 'fastify';
import { ApiError } from '../http/api-error';

export const FILE_GENERATION_MESSAGE = 'Failed to generate file, please try again!';

export async function generateFile(
  log: FastifyBaseLogger,
  what: string,
  build: () => Promise<Buffer>,
): Promise<Buffer> {
  try {
    return await build();
  } catch (error) {
    log.error({ err: error, what }, 'file generation failed');
    throw new ApiError('FILE_GENERATION_FAILED', FILE_GENERATION_MESSAGE);
  }
}
