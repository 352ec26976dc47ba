export interface TestCerts {
  dir: string;
  /** The CA's certificate (PEM), and its file for NODE_EXTRA_CA_CERTS. */
  ca: Buffer;
  caFile: string;
  cert: Buffer;
  key: Buffer;
}
export function makeCerts(): TestCerts;
