// GET /api/docs: the OpenAPI document of the REST API (public, like the contract it describes).
import { Controller, Get } from '@nestjs/common';
import { Public } from '../auth/decorators.js';
import { OPENAPI_DOCUMENT } from './openapi.js';

@Controller('api/docs')
@Public()
export class DocsController {
  @Get()
  document() {
    return OPENAPI_DOCUMENT;
  }
}
