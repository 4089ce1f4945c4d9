/**
 * The call's lifecycles (wire §20.3: session, peer and offer) are tables on the one machine
 * kernel of src/shared/machine.ts (docs/conventions.md "What we do" 4).
 */
export { createMachine, type Machine } from '../../shared/machine';
