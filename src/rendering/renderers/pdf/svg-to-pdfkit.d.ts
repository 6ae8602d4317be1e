/**
 * The slice of svg-to-pdfkit (which ships no types) that the PDF renderer
 * uses: draw one SVG document into a pdfkit document.
 */
declare module 'svg-to-pdfkit' {
  function SVGtoPDF(
    doc: PDFKit.PDFDocument,
    svg: string,
    x?: number,
    y?: number,
    options?: SVGtoPDF.SvgToPdfOptions,
  ): void;

  namespace SVGtoPDF {
    /** `[[r, g, b], alpha]`, channels 0-255, alpha 0-1. */
    type SvgColor = [[number, number, number], number];

    interface SvgToPdfOptions {
      /** Viewport size, in points when `assumePt` is set. */
      width?: number;
      height?: number;
      preserveAspectRatio?: string;
      /** Treat SVG user units as points rather than CSS pixels. */
      assumePt?: boolean;
      /** Returns the pdfkit font name to draw `<text>` with. */
      fontCallback?: (
        family: string,
        bold: boolean,
        italic: boolean,
        fontOptions: { fauxBold: boolean; fauxItalic: boolean },
      ) => string;
      /** Maps an `<image>` href to what pdfkit opens; pdfkit reads plain strings as file paths. */
      imageCallback?: (link: string) => string;
      /** Called with the parsed color (undefined when unsupported) and, for document colors, the raw value. */
      colorCallback?: (parsed: SvgColor | undefined, raw?: string) => SvgColor | undefined;
      warningCallback?: (message: string) => void;
    }
  }

  export = SVGtoPDF;
}
