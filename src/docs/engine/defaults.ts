/**
 * Defaults of a freshly created document, copied from a real new document read back from Google
 * (test/fixtures/real/think41__extrasuite__create_tab_named_range_footnote_write.base.json):
 * page size A4 (the account locale decides A4 or Letter), the full set of named styles.
 */
import type { DocumentTab } from '../../ground/docs-json.js';

/** A fresh `documentStyle` (A4, 72pt margins, PAGES mode). */
export function defaultDocumentStyle(): NonNullable<DocumentTab['documentStyle']> {
  return {
    background: {
      color: {},
    },
    pageNumberStart: 1,
    marginTop: {
      magnitude: 72,
      unit: 'PT',
    },
    marginBottom: {
      magnitude: 72,
      unit: 'PT',
    },
    marginRight: {
      magnitude: 72,
      unit: 'PT',
    },
    marginLeft: {
      magnitude: 72,
      unit: 'PT',
    },
    pageSize: {
      height: {
        magnitude: 841.8897637795277,
        unit: 'PT',
      },
      width: {
        magnitude: 595.2755905511812,
        unit: 'PT',
      },
    },
    marginHeader: {
      magnitude: 36,
      unit: 'PT',
    },
    marginFooter: {
      magnitude: 36,
      unit: 'PT',
    },
    useCustomHeaderFooterMargins: true,
    documentFormat: {
      documentMode: 'PAGES',
    },
  };
}

/** A fresh `namedStyles` map (NORMAL_TEXT, HEADING_1..6, TITLE, SUBTITLE). */
export function defaultNamedStyles(): NonNullable<DocumentTab['namedStyles']> {
  return {
    styles: [
      {
        namedStyleType: 'NORMAL_TEXT',
        textStyle: {
          bold: false,
          italic: false,
          underline: false,
          strikethrough: false,
          smallCaps: false,
          backgroundColor: {},
          foregroundColor: {
            color: {
              rgbColor: {},
            },
          },
          fontSize: {
            magnitude: 11,
            unit: 'PT',
          },
          weightedFontFamily: {
            fontFamily: 'Arial',
            weight: 400,
          },
          baselineOffset: 'NONE',
        },
        paragraphStyle: {
          namedStyleType: 'NORMAL_TEXT',
          alignment: 'START',
          lineSpacing: 115,
          direction: 'LEFT_TO_RIGHT',
          spacingMode: 'COLLAPSE_LISTS',
          spaceAbove: {
            unit: 'PT',
          },
          spaceBelow: {
            unit: 'PT',
          },
          borderBetween: {
            color: {},
            width: {
              unit: 'PT',
            },
            padding: {
              unit: 'PT',
            },
            dashStyle: 'SOLID',
          },
          borderTop: {
            color: {},
            width: {
              unit: 'PT',
            },
            padding: {
              unit: 'PT',
            },
            dashStyle: 'SOLID',
          },
          borderBottom: {
            color: {},
            width: {
              unit: 'PT',
            },
            padding: {
              unit: 'PT',
            },
            dashStyle: 'SOLID',
          },
          borderLeft: {
            color: {},
            width: {
              unit: 'PT',
            },
            padding: {
              unit: 'PT',
            },
            dashStyle: 'SOLID',
          },
          borderRight: {
            color: {},
            width: {
              unit: 'PT',
            },
            padding: {
              unit: 'PT',
            },
            dashStyle: 'SOLID',
          },
          indentFirstLine: {
            unit: 'PT',
          },
          indentStart: {
            unit: 'PT',
          },
          indentEnd: {
            unit: 'PT',
          },
          keepLinesTogether: false,
          keepWithNext: false,
          avoidWidowAndOrphan: true,
          shading: {
            backgroundColor: {},
          },
          pageBreakBefore: false,
        },
      },
      {
        namedStyleType: 'HEADING_1',
        textStyle: {
          fontSize: {
            magnitude: 20,
            unit: 'PT',
          },
        },
        paragraphStyle: {
          namedStyleType: 'NORMAL_TEXT',
          direction: 'LEFT_TO_RIGHT',
          spaceAbove: {
            magnitude: 20,
            unit: 'PT',
          },
          spaceBelow: {
            magnitude: 6,
            unit: 'PT',
          },
          keepLinesTogether: true,
          keepWithNext: true,
          pageBreakBefore: false,
        },
      },
      {
        namedStyleType: 'HEADING_2',
        textStyle: {
          bold: false,
          fontSize: {
            magnitude: 16,
            unit: 'PT',
          },
        },
        paragraphStyle: {
          namedStyleType: 'NORMAL_TEXT',
          direction: 'LEFT_TO_RIGHT',
          spaceAbove: {
            magnitude: 18,
            unit: 'PT',
          },
          spaceBelow: {
            magnitude: 6,
            unit: 'PT',
          },
          keepLinesTogether: true,
          keepWithNext: true,
          pageBreakBefore: false,
        },
      },
      {
        namedStyleType: 'HEADING_3',
        textStyle: {
          bold: false,
          foregroundColor: {
            color: {
              rgbColor: {
                red: 0.2627451,
                green: 0.2627451,
                blue: 0.2627451,
              },
            },
          },
          fontSize: {
            magnitude: 14,
            unit: 'PT',
          },
        },
        paragraphStyle: {
          namedStyleType: 'NORMAL_TEXT',
          direction: 'LEFT_TO_RIGHT',
          spaceAbove: {
            magnitude: 16,
            unit: 'PT',
          },
          spaceBelow: {
            magnitude: 4,
            unit: 'PT',
          },
          keepLinesTogether: true,
          keepWithNext: true,
          pageBreakBefore: false,
        },
      },
      {
        namedStyleType: 'HEADING_4',
        textStyle: {
          foregroundColor: {
            color: {
              rgbColor: {
                red: 0.4,
                green: 0.4,
                blue: 0.4,
              },
            },
          },
          fontSize: {
            magnitude: 12,
            unit: 'PT',
          },
        },
        paragraphStyle: {
          namedStyleType: 'NORMAL_TEXT',
          direction: 'LEFT_TO_RIGHT',
          spaceAbove: {
            magnitude: 14,
            unit: 'PT',
          },
          spaceBelow: {
            magnitude: 4,
            unit: 'PT',
          },
          keepLinesTogether: true,
          keepWithNext: true,
          pageBreakBefore: false,
        },
      },
      {
        namedStyleType: 'HEADING_5',
        textStyle: {
          foregroundColor: {
            color: {
              rgbColor: {
                red: 0.4,
                green: 0.4,
                blue: 0.4,
              },
            },
          },
          fontSize: {
            magnitude: 11,
            unit: 'PT',
          },
        },
        paragraphStyle: {
          namedStyleType: 'NORMAL_TEXT',
          direction: 'LEFT_TO_RIGHT',
          spaceAbove: {
            magnitude: 12,
            unit: 'PT',
          },
          spaceBelow: {
            magnitude: 4,
            unit: 'PT',
          },
          keepLinesTogether: true,
          keepWithNext: true,
          pageBreakBefore: false,
        },
      },
      {
        namedStyleType: 'HEADING_6',
        textStyle: {
          italic: true,
          foregroundColor: {
            color: {
              rgbColor: {
                red: 0.4,
                green: 0.4,
                blue: 0.4,
              },
            },
          },
          fontSize: {
            magnitude: 11,
            unit: 'PT',
          },
        },
        paragraphStyle: {
          namedStyleType: 'NORMAL_TEXT',
          direction: 'LEFT_TO_RIGHT',
          spaceAbove: {
            magnitude: 12,
            unit: 'PT',
          },
          spaceBelow: {
            magnitude: 4,
            unit: 'PT',
          },
          keepLinesTogether: true,
          keepWithNext: true,
          pageBreakBefore: false,
        },
      },
      {
        namedStyleType: 'TITLE',
        textStyle: {
          fontSize: {
            magnitude: 26,
            unit: 'PT',
          },
        },
        paragraphStyle: {
          namedStyleType: 'NORMAL_TEXT',
          direction: 'LEFT_TO_RIGHT',
          spaceAbove: {
            unit: 'PT',
          },
          spaceBelow: {
            magnitude: 3,
            unit: 'PT',
          },
          keepLinesTogether: true,
          keepWithNext: true,
          pageBreakBefore: false,
        },
      },
      {
        namedStyleType: 'SUBTITLE',
        textStyle: {
          italic: false,
          foregroundColor: {
            color: {
              rgbColor: {
                red: 0.4,
                green: 0.4,
                blue: 0.4,
              },
            },
          },
          fontSize: {
            magnitude: 15,
            unit: 'PT',
          },
          weightedFontFamily: {
            fontFamily: 'Arial',
            weight: 400,
          },
        },
        paragraphStyle: {
          namedStyleType: 'NORMAL_TEXT',
          direction: 'LEFT_TO_RIGHT',
          spaceAbove: {
            unit: 'PT',
          },
          spaceBelow: {
            magnitude: 16,
            unit: 'PT',
          },
          keepLinesTogether: true,
          keepWithNext: true,
          pageBreakBefore: false,
        },
      },
    ],
  };
}

/** The sectionStyle of the body's first section break in a fresh document. */
export function defaultSectionStyle(): Record<string, unknown> {
  return {
    columnSeparatorStyle: 'NONE',
    contentDirection: 'LEFT_TO_RIGHT',
    sectionType: 'CONTINUOUS',
  };
}
