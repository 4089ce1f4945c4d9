/**
 * `npm run admin -- book <member> <provider> <time> [--topic …]`: a member books a consultation,
 * with the same checks as every booking; `unbook <appointmentId> --reason …`: the member cancels.
 * Members and providers may be named by persona key (ava, amelia) or email; a member also by chat id.
 */
import { parseArgs, type AdminCommand } from './command';
import { memberRef, providerRef } from './persona-refs';

interface Booked {
  appointmentId: number;
  provider: string;
  member: string;
  timezone: string;
  startsAt: string;
  endsAt: string;
}

export const bookCommand: AdminCommand = {
  name: 'book',
  usage: 'book <member> <provider> <time|next> [--topic …]',
  summary: 'Book a consultation (time: ISO, or YYYY-MM-DDTHH:mm in the provider zone, or next)',
  async run(server, args) {
    const { positional, options } = parseArgs(args);
    const [member, provider, time] = positional;
    if (!member || !provider || !time) {
      console.error(`Usage: npm run admin -- ${this.usage}`);
      return 2;
    }
    const booked = await server.call<Booked>('POST', '/bookings', {
      member: memberRef(member),
      provider: providerRef(provider),
      time,
      topic: options.topic ?? '',
    });
    console.log(
      `Booked appointment ${booked.appointmentId}: ${booked.member} with ${booked.provider}, ${booked.startsAt} – ${booked.endsAt} (provider zone ${booked.timezone})`,
    );
    return 0;
  },
};

export const unbookCommand: AdminCommand = {
  name: 'unbook',
  usage: 'unbook <appointmentId> --reason …',
  summary: 'Cancel a booking on behalf of the member; the provider is notified',
  async run(server, args) {
    const { positional, options } = parseArgs(args);
    const [id] = positional;
    if (!id || !options.reason) {
      console.error(`Usage: npm run admin -- ${this.usage}`);
      return 2;
    }
    await server.call('POST', '/bookings/cancel', { appointmentId: Number(id), reason: options.reason });
    console.log(`Appointment ${id} cancelled by the member.`);
    return 0;
  },
};
