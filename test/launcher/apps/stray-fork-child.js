// Forked by stray-writes-lib.js with fork()'s default stdio (inherited): it prints, then lets go.
console.log('stray: a forked child');
process.disconnect?.();
