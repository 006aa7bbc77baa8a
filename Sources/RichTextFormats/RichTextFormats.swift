// RichTextFormats: document formats (native JSON, plain text with attachments, HTML). See the files beside this one.
