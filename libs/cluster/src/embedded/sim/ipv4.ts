// IPv4 addresses as 32-bit integers, so CIDR blocks can be carved and walked with arithmetic.

export interface Ipv4Block {
  /** Network address. */
  base: number;
  /** Number of addresses in the block. */
  size: number;
}

export function parseIpv4(text: string): number | undefined {
  const parts = text.split('.');
  if (parts.length !== 4) return undefined;
  let value = 0;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part)) return undefined;
    const octet = Number(part);
    if (octet > 255) return undefined;
    value = value * 256 + octet;
  }
  return value;
}

export function formatIpv4(value: number): string {
  return [24, 16, 8, 0].map((shift) => Math.floor(value / 2 ** shift) % 256).join('.');
}

export function parseCidr(text: string): Ipv4Block | undefined {
  const [address, prefixText] = text.split('/');
  const base = address === undefined ? undefined : parseIpv4(address);
  const prefix = Number(prefixText);
  if (base === undefined || !Number.isInteger(prefix) || prefix < 8 || prefix > 30) return undefined;
  const size = 2 ** (32 - prefix);
  return { base: base - (base % size), size };
}

export function formatCidr(block: Ipv4Block): string {
  return `${formatIpv4(block.base)}/${32 - Math.log2(block.size)}`;
}
