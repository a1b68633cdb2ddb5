import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import type { UploadPart } from './upload-documents.ts';

/** Adapts @fastify/multipart's part iterator, turning its limit errors into clear messages. */
export async function* multipartParts(
  request: FastifyRequest,
  maxUploadMb: number,
): AsyncIterable<UploadPart> {
  if (!request.isMultipart()) {
    throw new AppError('validation_failed', 'Send the files as multipart/form-data.');
  }
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        yield {
          kind: 'file',
          field: part.fieldname,
          filename: part.filename,
          read: () =>
            part.toBuffer().catch((err: unknown) => rethrow(err, maxUploadMb, part.filename)),
        };
      } else {
        yield { kind: 'field', field: part.fieldname, value: String(part.value) };
      }
    }
  } catch (err) {
    rethrow(err, maxUploadMb);
  }
}

function rethrow(err: unknown, maxUploadMb: number, filename?: string): never {
  const code = (err as { code?: string } | null)?.code;
  const prefix = filename ? `${filename}: ` : '';
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    throw new AppError('payload_too_large', `${prefix}The file is larger than ${maxUploadMb} MB.`);
  }
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    throw new AppError('payload_too_large', 'Too many files or fields in one upload.');
  }
  throw err;
}
