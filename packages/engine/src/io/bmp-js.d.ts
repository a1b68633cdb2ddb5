declare module 'bmp-js' {
  interface BmpData {
    width: number;
    height: number;
    data: Buffer;
  }
  const bmp: {
    decode(buffer: Buffer, withAlpha?: boolean): BmpData;
    encode(img: { data: Buffer; width: number; height: number }, quality?: number): BmpData;
  };
  export default bmp;
}
