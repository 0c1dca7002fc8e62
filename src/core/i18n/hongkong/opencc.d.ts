// opencc-js ships no types for its dictionaries: each is one `source target|source target…` string.
declare module 'opencc-js/dict/*' {
  const dict: string;
  export default dict;
}
