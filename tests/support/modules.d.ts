// Minimal typing for xhr2 (the XMLHttpRequest tests give Strophe's BOSH in Node).
declare module 'xhr2' {
  const XMLHttpRequest: { new (): XMLHttpRequest };
  export default XMLHttpRequest;
}
