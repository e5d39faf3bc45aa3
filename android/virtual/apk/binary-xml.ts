/** An element of an Android XML document, before it is compiled to the binary form aapt writes. */
export interface XmlElement {
  name: string;
  attributes: XmlAttribute[];
  children?: XmlElement[];
}

export interface XmlAttribute {
  name: string;
  /** In the `android:` namespace (and then needs a framework resource id in ANDROID_ATTRIBUTE_IDS). */
  android?: boolean;
  value: string | number | boolean;
}

export const ANDROID_NS = "http://schemas.android.com/apk/res/android";

/** Framework attribute resource ids (android.R.attr) of the attributes the writer supports. */
export const ANDROID_ATTRIBUTE_IDS: Readonly<Record<string, number>> = {
  label: 0x01010001,
  name: 0x01010003,
  permission: 0x01010006,
  exported: 0x01010010,
  versionCode: 0x0101021b,
  versionName: 0x0101021c,
  minSdkVersion: 0x0101020c,
  targetSdkVersion: 0x01010270,
};

const CHUNK = {
  stringPool: 0x0001,
  xml: 0x0003,
  startNamespace: 0x0100,
  endNamespace: 0x0101,
  startElement: 0x0102,
  endElement: 0x0103,
  resourceMap: 0x0180,
};
const TYPE = { string: 0x03, intDec: 0x10, boolean: 0x12 };
const NONE = 0xffffffff;

function chunk(type: number, headerSize: number, body: Buffer): Buffer {
  const header = Buffer.alloc(8);
  header.writeUInt16LE(type, 0);
  header.writeUInt16LE(headerSize, 2);
  header.writeUInt32LE(8 + body.length, 4);
  return Buffer.concat([header, body]);
}

const u32 = (...values: number[]) => {
  const b = Buffer.alloc(values.length * 4);
  values.forEach((v, i) => {
    b.writeUInt32LE(v >>> 0, i * 4);
  });
  return b;
};

/** A UTF-16 string pool: for each string its length, its code units and a terminating zero. */
function stringPool(strings: readonly string[]): Buffer {
  const encoded = strings.map((s) => {
    const b = Buffer.alloc(2 + s.length * 2 + 2);
    b.writeUInt16LE(s.length, 0);
    b.write(s, 2, "utf16le");
    return b;
  });
  const offsets: number[] = [];
  let at = 0;
  for (const e of encoded) {
    offsets.push(at);
    at += e.length;
  }
  let data = Buffer.concat(encoded);
  if (data.length % 4) data = Buffer.concat([data, Buffer.alloc(4 - (data.length % 4))]);
  const headerSize = 28;
  const stringsStart = headerSize + strings.length * 4;
  return chunk(
    CHUNK.stringPool,
    headerSize,
    Buffer.concat([u32(strings.length, 0, 0, stringsStart, 0), u32(...offsets), data]),
  );
}

function walk(element: XmlElement, visit: (e: XmlElement) => void): void {
  visit(element);
  for (const child of element.children ?? []) walk(child, visit);
}

/**
 * Compiles a document to Android's binary XML (ResXMLTree): string pool, resource map for the `android:` attribute
 * names (first in the pool, as aapt orders them), the android namespace, and the element tree with typed values.
 */
export function compileBinaryXml(root: XmlElement): Buffer {
  const androidNames: string[] = [];
  const others: string[] = [];
  const add = (list: string[], s: string) => {
    if (!androidNames.includes(s) && !others.includes(s) && !list.includes(s)) list.push(s);
  };
  walk(root, (e) => {
    for (const a of e.attributes) {
      if (!a.android) continue;
      if (ANDROID_ATTRIBUTE_IDS[a.name] === undefined) throw new Error(`no resource id for android:${a.name}`);
      add(androidNames, a.name);
    }
  });
  add(others, "android");
  add(others, ANDROID_NS);
  walk(root, (e) => {
    add(others, e.name);
    for (const a of e.attributes) {
      if (!a.android) add(others, a.name);
      if (typeof a.value === "string") add(others, a.value);
    }
  });
  const strings = [...androidNames, ...others];
  const ref = (s: string) => strings.indexOf(s);
  const ns = ref(ANDROID_NS);
  const nsPrefix = ref("android");

  const nodes: Buffer[] = [chunk(CHUNK.startNamespace, 16, u32(1, NONE, nsPrefix, ns))];
  const emit = (e: XmlElement) => {
    const attributes = [...e.attributes].sort(
      (a, b) => (a.android ? ANDROID_ATTRIBUTE_IDS[a.name]! : 0) - (b.android ? ANDROID_ATTRIBUTE_IDS[b.name]! : 0),
    );
    const head = Buffer.alloc(20);
    head.writeUInt32LE(NONE, 0);
    head.writeUInt32LE(ref(e.name), 4);
    head.writeUInt16LE(20, 8);
    head.writeUInt16LE(20, 10);
    head.writeUInt16LE(attributes.length, 12);
    const attrs = attributes.map((a) => {
      const b = Buffer.alloc(20);
      b.writeUInt32LE(a.android ? ns : NONE, 0);
      b.writeUInt32LE(ref(a.name), 4);
      b.writeUInt32LE(typeof a.value === "string" ? ref(a.value) : NONE, 8);
      b.writeUInt16LE(8, 12);
      b.writeUInt8(
        typeof a.value === "string" ? TYPE.string : typeof a.value === "number" ? TYPE.intDec : TYPE.boolean,
        15,
      );
      b.writeInt32LE(
        typeof a.value === "string" ? ref(a.value) : typeof a.value === "number" ? a.value : a.value ? -1 : 0,
        16,
      );
      return b;
    });
    nodes.push(chunk(CHUNK.startElement, 16, Buffer.concat([u32(1, NONE), head, ...attrs])));
    for (const child of e.children ?? []) emit(child);
    nodes.push(chunk(CHUNK.endElement, 16, u32(1, NONE, NONE, ref(e.name))));
  };
  emit(root);
  nodes.push(chunk(CHUNK.endNamespace, 16, u32(1, NONE, nsPrefix, ns)));

  const resourceMap = chunk(CHUNK.resourceMap, 8, u32(...androidNames.map((n) => ANDROID_ATTRIBUTE_IDS[n]!)));
  return chunk(CHUNK.xml, 8, Buffer.concat([stringPool(strings), resourceMap, ...nodes]));
}
