/** Every admin command; each issue adds its own file and one line here. */
import type { AdminCommand } from './command';
import { listCommand } from './list';

export const COMMANDS: readonly AdminCommand[] = [listCommand];
