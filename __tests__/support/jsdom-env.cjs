// jsdom lacks fetch, Request/Response/Headers, structuredClone, TextEncoder and the streams that
// react-router 7 and RTK Query need; copy Node's into the window and resolve relative URLs against location.
const { TestEnvironment } = require('jest-environment-jsdom');

module.exports = class MomentumJsdomEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const key of [
      'fetch',
      'Request',
      'Response',
      'Headers',
      'FormData',
      'structuredClone',
      'TextEncoder',
      'TextDecoder',
      'ReadableStream',
      'TransformStream',
      'WritableStream',
      'AbortController',
      'AbortSignal',
      'BroadcastChannel',
    ]) {
      if (globalThis[key]) this.global[key] = globalThis[key];
    }
    const win = this.global;
    const absolute = (input) => (typeof input === 'string' ? new URL(input, win.location.href).href : input);
    const NodeRequest = globalThis.Request;
    win.Request = class Request extends NodeRequest {
      constructor(input, init) {
        super(absolute(input), init);
      }
    };
    win.fetch = (input, init) => globalThis.fetch(absolute(input), init);
  }
};
