// Generated from sparse.wat by scripts/build-wasm.ts (npm run build:wasm -w @uncrumple/engine).
// Do not edit: change sparse.wat and run the script again.
export const SPARSE_WASM =
  'AGFzbQEAAAABCwFgBn9/f39/fwF8AwIBAAUDAQABBxQCBm1lbW9yeQIAB3Byb2R1Y3QAAAqbAQGYAQIDfwJ8IAAoAgAhBwJAA0AgBiAFTw0BIAAgBkECdGooAgQhCEQAAAAAAAAAACEJAkADQCAHIAhODQEgCSACIAdBA3RqKwMAIAMgASAHQQJ0aigCAEEDdGorAwCioCEJIAdBAWohBwwACwsgBCAGQQN0aiAJOQMAIAogCSADIAZBA3RqKwMAoqAhCiAGQQFqIQYMAAsLIAoL';
