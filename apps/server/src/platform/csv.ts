export { UTF8_BOM, csvCell, csvDocument, csvHead, csvLine } from '@cutroom/domain';
