/**
 * `npm run admin -- second-factor reset <email>`: for a provider who lost every factor and every
 * recovery code (docs/security.md "Second factor"), removes her passkeys, authenticator app and
 * recovery codes; she then signs in with her password alone, or sets up a factor again where one
 * is required. Confirm who she is another way first: this undoes her second factor.
 */
import { parseArgs, type AdminCommand } from './command';
import { providerRef } from './persona-refs';

interface Reset {
  provider: string;
  passkeys: number;
  app: boolean;
  openSteps: number;
}

export const secondFactorCommand: AdminCommand = {
  name: 'second-factor',
  usage: 'second-factor reset <email>',
  summary: "Remove a provider's passkeys, authenticator app and recovery codes (she lost them all)",
  async run(server, args) {
    const [action, provider] = parseArgs(args).positional;
    if (action !== 'reset' || !provider) {
      console.error(`Usage: npm run admin -- ${this.usage}`);
      return 2;
    }
    const reset = await server.call<Reset>('POST', '/second-factor/reset', {
      provider: providerRef(provider),
    });
    console.log(
      `${reset.provider}: removed ${reset.passkeys} passkey(s)${reset.app ? ', the authenticator app' : ''} and the recovery codes; ` +
        `${reset.openSteps} open sign-in step(s) ended. The next sign-in is by password.`,
    );
    return 0;
  },
};
