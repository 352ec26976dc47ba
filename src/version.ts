// The version shown by --version and in the User-Agent; kept in step with package.json by a test.
export const VERSION = '0.1.0';
