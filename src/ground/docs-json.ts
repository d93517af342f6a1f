/**
 * Docs and Drive JSON types, taken from Google's own generated client so that the engine, the
 * exporter and the planner speak exactly the shapes the API sends. Ground: imports nothing of ours.
 */
import type { docs_v1 } from '@googleapis/docs';

export type Document = docs_v1.Schema$Document;
export type Tab = docs_v1.Schema$Tab;
export type DocumentTab = docs_v1.Schema$DocumentTab;
export type Body = docs_v1.Schema$Body;
export type StructuralElement = docs_v1.Schema$StructuralElement;
export type Paragraph = docs_v1.Schema$Paragraph;
export type ParagraphElement = docs_v1.Schema$ParagraphElement;
export type TextRun = docs_v1.Schema$TextRun;
export type DocsTextStyle = docs_v1.Schema$TextStyle;
export type DocsParagraphStyle = docs_v1.Schema$ParagraphStyle;
export type Table = docs_v1.Schema$Table;
export type TableRow = docs_v1.Schema$TableRow;
export type TableCell = docs_v1.Schema$TableCell;
export type NamedStyle = docs_v1.Schema$NamedStyle;
export type List = docs_v1.Schema$List;
export type NestingLevel = docs_v1.Schema$NestingLevel;
export type Request = docs_v1.Schema$Request;
export type Response = docs_v1.Schema$Response;
export type WriteControl = docs_v1.Schema$WriteControl;
export type BatchUpdateRequest = docs_v1.Schema$BatchUpdateDocumentRequest;
export type BatchUpdateResponse = docs_v1.Schema$BatchUpdateDocumentResponse;
export type Location = docs_v1.Schema$Location;
export type Range = docs_v1.Schema$Range;
