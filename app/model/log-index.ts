// The index lives in the wire module so the proxy answers a big session's queries with the same correlation the page uses.
export { LogIndex, type Direction, type RpcPair } from '@wire/log-index';
