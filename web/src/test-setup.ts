import { configure } from '@testing-library/react';

// The screens load their route modules and data asynchronously; on a loaded 2-core machine (CI, or the
// browser tests running beside Vitest) the first render of a file can take longer than Testing Library's
// default 1 s, which failed tests that pass alone. What a test waits for is unchanged, only how long.
configure({ asyncUtilTimeout: 5_000 });
