// The image-pull use cases (docs/image-pull.md).
import { Module } from '@nestjs/common';
import { ImagePullService } from './image-pull.service.js';

@Module({
  providers: [ImagePullService],
  exports: [ImagePullService],
})
export class ImagePullModule {}
