// Preload for servers written by others that listen on every interface
// (server-everything's HTTP modes): force 127.0.0.1, and report the port, so
// tests can use port 0 and never expose anything beyond loopback.
import net from 'node:net';

const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function patchedListen(...args) {
  if (typeof args[0] === 'object' && args[0] !== null && !Array.isArray(args[0])) {
    args[0] = { ...args[0], host: '127.0.0.1' };
  } else if (typeof args[0] === 'number' || typeof args[0] === 'string') {
    const port = Number(args[0]);
    const rest = args.slice(1).filter((a) => typeof a === 'function' || typeof a === 'number');
    const callback = rest.find((a) => typeof a === 'function');
    const backlog = rest.find((a) => typeof a === 'number');
    args = [{ port, host: '127.0.0.1', ...(backlog !== undefined && { backlog }) }, ...(callback ? [callback] : [])];
  }
  this.once('listening', () => {
    const address = this.address();
    if (address && typeof address === 'object') process.stderr.write(`LOOPBACK_PORT=${address.port}\n`);
  });
  return listen.apply(this, args);
};
