/**
 * Lets the MCP conformance suite run on Node 20 (`node --import` this file): it
 * registers the resolve hook of server/conformance/conformance-node20.mjs, which
 * says why.
 */
import { register } from 'node:module';
import { NODE20_HOOK } from '../../server/conformance/conformance-node20.mjs';

register(`data:text/javascript,${encodeURIComponent(NODE20_HOOK)}`);
