//go:build cgo

package images

/*
#cgo linux LDFLAGS: -ldl
#cgo darwin CFLAGS: -I/opt/homebrew/include -I/usr/local/include

#include <dlfcn.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// The system's libjpeg (libjpeg-turbo on Debian, Ubuntu and Homebrew) is
// optional, as libavif is (avif_cgo.go): its header decides whether this
// file has a scaled decoder, and the library is opened at run time, so a
// machine without its development files still builds the command, which
// then decodes every JPEG in full with Go's decoder.
#if defined(__has_include)
#if __has_include(<jpeglib.h>)
#include <jpeglib.h>
#if defined(JCS_EXTENSIONS)
#define PF_JPEG 1
#endif
#endif
#endif

#ifdef PF_JPEG

static struct {
	__typeof__(&jpeg_std_error) stdError;
	__typeof__(&jpeg_CreateDecompress) create;
	__typeof__(&jpeg_destroy_decompress) destroy;
	__typeof__(&jpeg_mem_src) memSrc;
	__typeof__(&jpeg_read_header) readHeader;
	__typeof__(&jpeg_calc_output_dimensions) calcOutput;
	__typeof__(&jpeg_start_decompress) start;
	__typeof__(&jpeg_read_scanlines) readScanlines;
} pj;

#define PJ_SYM(field, name) \
	if (!(*(void **)(&pj.field) = dlsym(lib, name))) { \
		snprintf(msg, msgLen, "%s has no %s", path, name); \
		return -1; \
	}

// pf_jpeg_open loads the libjpeg whose header this file was compiled with
// (its soname follows JPEG_LIB_VERSION: 62 is libjpeg.so.62, 80 is
// libjpeg.so.8). jpeg_CreateDecompress checks the version and the
// structure's size again on every decode. 0 on success, else -1 and why.
static int pf_jpeg_open(char *msg, size_t msgLen) {
	char path[64];
	int v = JPEG_LIB_VERSION >= 70 ? JPEG_LIB_VERSION / 10 : JPEG_LIB_VERSION;
#ifdef __APPLE__
	snprintf(path, sizeof path, "libjpeg.%d.dylib", v);
#else
	snprintf(path, sizeof path, "libjpeg.so.%d", v);
#endif
	void *lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
	if (!lib) {
		snprintf(msg, msgLen, "%s was not found (portfolio was built against libjpeg %d)", path, JPEG_LIB_VERSION);
		return -1;
	}
	PJ_SYM(stdError, "jpeg_std_error");
	PJ_SYM(create, "jpeg_CreateDecompress");
	PJ_SYM(destroy, "jpeg_destroy_decompress");
	PJ_SYM(memSrc, "jpeg_mem_src");
	PJ_SYM(readHeader, "jpeg_read_header");
	PJ_SYM(calcOutput, "jpeg_calc_output_dimensions");
	PJ_SYM(start, "jpeg_start_decompress");
	PJ_SYM(readScanlines, "jpeg_read_scanlines");
	snprintf(msg, msgLen, "%s", path);
	return 0;
}

struct pf_jpeg_err {
	struct jpeg_error_mgr pub;
	jmp_buf jump;
	char msg[JMSG_LENGTH_MAX];
};

// A fatal error returns to pf_jpeg_decode's setjmp with the library's
// message; warnings (corrupt data the decoder gets past) are not printed.
static void pf_jpeg_error_exit(j_common_ptr c) {
	struct pf_jpeg_err *e = (struct pf_jpeg_err *)c->err;
	(*c->err->format_message)(c, e->msg);
	longjmp(e->jump, 1);
}
static void pf_jpeg_silent(j_common_ptr c) { (void)c; }

// pf_jpeg_decode decodes data at the smallest of 1/8, 1/4, 1/2 and 1/1 of
// its size that still covers minW×minH, as RGBA (malloc'd into *out, *w ×
// *h, to be freed by the caller). It returns 0 on success, 1 for a JPEG
// it leaves to the caller (CMYK), -1 on an error (in msg).
static int pf_jpeg_decode(const unsigned char *data, unsigned long len, int minW, int minH,
		unsigned char **out, int *w, int *h, char *msg, size_t msgLen) {
	struct jpeg_decompress_struct cinfo;
	struct pf_jpeg_err err;
	unsigned char *volatile buf = NULL;
	memset(&cinfo, 0, sizeof cinfo);
	cinfo.err = pj.stdError(&err.pub);
	err.pub.error_exit = pf_jpeg_error_exit;
	err.pub.output_message = pf_jpeg_silent;
	if (setjmp(err.jump)) {
		snprintf(msg, msgLen, "%s", err.msg);
		pj.destroy(&cinfo);
		free(buf);
		return -1;
	}
	pj.create(&cinfo, JPEG_LIB_VERSION, sizeof cinfo);
	pj.memSrc(&cinfo, data, len);
	pj.readHeader(&cinfo, TRUE);
	if (cinfo.jpeg_color_space == JCS_CMYK || cinfo.jpeg_color_space == JCS_YCCK) {
		pj.destroy(&cinfo);
		return 1;
	}
	cinfo.out_color_space = JCS_EXT_RGBA;
	for (unsigned d = 8; d >= 1; d /= 2) {
		cinfo.scale_num = 1;
		cinfo.scale_denom = d;
		pj.calcOutput(&cinfo);
		if ((int)cinfo.output_width >= minW && (int)cinfo.output_height >= minH) {
			break;
		}
	}
	pj.start(&cinfo);
	size_t stride = (size_t)cinfo.output_width * 4;
	buf = malloc(stride * cinfo.output_height);
	if (!buf) {
		snprintf(msg, msgLen, "out of memory");
		pj.destroy(&cinfo);
		return -1;
	}
	while (cinfo.output_scanline < cinfo.output_height) {
		JSAMPROW row = buf + (size_t)cinfo.output_scanline * stride;
		pj.readScanlines(&cinfo, &row, 1);
	}
	*w = (int)cinfo.output_width;
	*h = (int)cinfo.output_height;
	*out = buf;
	pj.destroy(&cinfo); // aborts the rest: the trailer is not needed
	return 0;
}

// pf_jpeg_header is the JPEG_LIB_VERSION of the header this file was
// compiled with (62, 80), or -1 without one.
static int pf_jpeg_header(void) { return JPEG_LIB_VERSION; }

#else

static int pf_jpeg_header(void) { return -1; }

static int pf_jpeg_open(char *msg, size_t msgLen) {
	snprintf(msg, msgLen, "portfolio was built without libjpeg's header (jpeglib.h: Debian's libjpeg-dev)");
	return -1;
}
static int pf_jpeg_decode(const unsigned char *data, unsigned long len, int minW, int minH,
		unsigned char **out, int *w, int *h, char *msg, size_t msgLen) {
	return -1;
}

#endif
*/
import "C"

import (
	"errors"
	"fmt"
	"image"
	"runtime"
	"sync"
	"unsafe"
)

// libjpeg is the scaled JPEG decoder with cgo: the library opens on the
// first decode (decision 0088).
type libjpeg struct{}

var jpegCodec jpegScaledDecoder = libjpeg{}

var jpegOpen = sync.OnceValues(func() (string, error) {
	var msg [256]C.char
	if C.pf_jpeg_open(&msg[0], C.size_t(len(msg))) != 0 {
		return "", errors.New(C.GoString(&msg[0]))
	}
	return C.GoString(&msg[0]), nil
})

func (libjpeg) Name() string { return "JPEG scaled decoder" }

func (libjpeg) open() (string, error) { return jpegOpen() }

// describe names the libjpeg this build opens for the first JPEG, from
// the header it was compiled with (its soname follows JPEG_LIB_VERSION, as
// pf_jpeg_open's does), or says why there is none.
func (c libjpeg) describe() Codec {
	v := int(C.pf_jpeg_header())
	if v < 0 {
		return Codec{Name: c.Name(), Err: errors.New("portfolio was built without libjpeg's header (jpeglib.h: Debian's libjpeg-dev): every JPEG is decoded in full")}
	}
	so := v
	if v >= 70 {
		so = v / 10
	}
	lib := fmt.Sprintf("libjpeg %d (libjpeg.so.%d)", v, so)
	if runtime.GOOS == "darwin" {
		lib = fmt.Sprintf("libjpeg %d (libjpeg.%d.dylib)", v, so)
	}
	return Codec{Name: c.Name(), Library: lib, Loading: loadFirstUse}
}

// decodeScaled decodes a JPEG at the smallest of 1/8, 1/4, 1/2 and 1/1
// of its stored size that still covers w×h (stored orientation): libjpeg
// scales while it decodes (the inverse DCT of a block gives 1, 2 or 4
// pixels a side instead of 8), so a 12-megapixel photograph wanted at 480
// px costs a fraction of a full decode. ok is false when the caller must
// decode in full instead: no libjpeg, a CMYK JPEG, or one libjpeg refuses
// (Go's decoder then gives the error the build reports).
func (libjpeg) decodeScaled(data []byte, w, h int) (img *image.NRGBA, ok bool) {
	if _, err := jpegOpen(); err != nil || len(data) == 0 {
		return nil, false
	}
	var out *C.uchar
	var ow, oh C.int
	var msg [256]C.char // libjpeg's message, unread: Go's decoder reports the error
	//nolint:gocritic // dupSubExpr is about the pointer checks cgo writes for this call, not this code
	rc := C.pf_jpeg_decode((*C.uchar)(unsafe.Pointer(&data[0])), C.ulong(len(data)), C.int(w), C.int(h),
		&out, &ow, &oh, &msg[0], C.size_t(len(msg)))
	if rc != 0 {
		return nil, false
	}
	defer C.free(unsafe.Pointer(out))
	pix := C.GoBytes(unsafe.Pointer(out), ow*oh*4)
	return &image.NRGBA{Pix: pix, Stride: int(ow) * 4, Rect: image.Rect(0, 0, int(ow), int(oh))}, true
}
