// What an image file is by its first bytes (as the server judges it), not by its name or type.
export type ImageKind = 'png' | 'jpeg' | 'webp';

function readHead(file: Blob, length: number): Promise<Uint8Array> {
  const head = file.slice(0, length);
  if (typeof head.arrayBuffer === 'function') return head.arrayBuffer().then((buffer) => new Uint8Array(buffer));
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsArrayBuffer(head);
  });
}

const starts = (bytes: Uint8Array, expected: number[], offset = 0) => expected.every((byte, index) => bytes[offset + index] === byte);

export async function imageKind(file: Blob): Promise<ImageKind | null> {
  const bytes = await readHead(file, 12);
  if (starts(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  // "RIFF" size "WEBP"
  if (starts(bytes, [0x52, 0x49, 0x46, 0x46]) && starts(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  return null;
}
