//go:build cgo

package images

/*
#cgo linux LDFLAGS: -ldl
#cgo darwin CFLAGS: -I/opt/homebrew/include -I/usr/local/include

#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// libavif is optional at build time: its header decides whether this file
// has an encoder, and the library is opened at run time, so a machine with a
// C compiler but without libavif's development files still builds the
// command (which then makes no AVIF, and says so).
#if defined(__has_include)
#if __has_include(<avif/avif.h>)
#include <avif/avif.h>
#define PF_AVIF 1
#endif
#endif

// pf_avif_header is the version of the libavif header this file was
// compiled with, major * 100 + minor, or -1 without one.
static int pf_avif_header(void) {
#ifdef PF_AVIF
	return AVIF_VERSION_MAJOR * 100 + AVIF_VERSION_MINOR;
#else
	return -1;
#endif
}

// pf_dlopen_avif opens the first libavif found, writing its name to *path.
static void *pf_dlopen_avif(const char **path) {
	static const char *names[] = {
#ifdef __APPLE__
		"libavif.16.dylib", "libavif.15.dylib", "libavif.dylib",
		"/opt/homebrew/lib/libavif.dylib", "/usr/local/lib/libavif.dylib",
#else
		"libavif.so.16", "libavif.so.15", "libavif.so",
#endif
	};
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
		void *lib = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
		if (lib) {
			*path = names[i];
			return lib;
		}
	}
	return NULL;
}

#ifdef PF_AVIF

static struct {
	const char *(*version)(void);
	void (*codecVersions)(char[256]);
	const char *(*codecName)(avifCodecChoice, avifCodecFlags);
	const char *(*resultToString)(avifResult);
	__typeof__(&avifImageCreate) imageCreate;
	__typeof__(&avifImageDestroy) imageDestroy;
	__typeof__(&avifRGBImageSetDefaults) rgbSetDefaults;
	__typeof__(&avifImageRGBToYUV) rgbToYUV;
	__typeof__(&avifEncoderCreate) encoderCreate;
	__typeof__(&avifEncoderDestroy) encoderDestroy;
	__typeof__(&avifEncoderWrite) encoderWrite;
	__typeof__(&avifRWDataFree) rwDataFree;
	__typeof__(&avifEncoderSetCodecSpecificOption) setOption;
	__typeof__(&avifImageCreateEmpty) imageCreateEmpty;
	__typeof__(&avifImageYUVToRGB) yuvToRGB;
	__typeof__(&avifDecoderCreate) decoderCreate;
	__typeof__(&avifDecoderDestroy) decoderDestroy;
	__typeof__(&avifDecoderReadMemory) decoderReadMemory;
	__typeof__(&avifImageSetMetadataXMP) setXMP;
} pf;

#define PF_SYM(field, name) \
	if (!(*(void **)(&pf.field) = dlsym(lib, name))) { \
		snprintf(msg, msgLen, "%s has no %s", path, name); \
		return -1; \
	}

// pf_avif_open loads the libavif whose header this file was compiled
// with: the structures it fills must have the library's layout, so a
// library of another major.minor version is refused. On success it
// returns 0 and writes the library's and its AV1 encoder's versions into
// msg; otherwise -1 and why.
static int pf_avif_open(char *msg, size_t msgLen) {
	const char *path = NULL;
	void *lib = pf_dlopen_avif(&path);
	if (!lib) {
		snprintf(msg, msgLen, "libavif's library was not found (portfolio was built against libavif %d.%d): install it", AVIF_VERSION_MAJOR, AVIF_VERSION_MINOR);
		return -1;
	}
	PF_SYM(version, "avifVersion");
	unsigned major = 0, minor = 0;
	if (sscanf(pf.version(), "%u.%u", &major, &minor) != 2 || major != AVIF_VERSION_MAJOR || minor != AVIF_VERSION_MINOR) {
		snprintf(msg, msgLen, "libavif %s is installed, but portfolio was built against libavif %d.%d: run `go clean -cache` and build it again",
			pf.version(), AVIF_VERSION_MAJOR, AVIF_VERSION_MINOR);
		return -1;
	}
	PF_SYM(codecVersions, "avifCodecVersions");
	PF_SYM(codecName, "avifCodecName");
	PF_SYM(resultToString, "avifResultToString");
	PF_SYM(imageCreate, "avifImageCreate");
	PF_SYM(imageDestroy, "avifImageDestroy");
	PF_SYM(rgbSetDefaults, "avifRGBImageSetDefaults");
	PF_SYM(rgbToYUV, "avifImageRGBToYUV");
	PF_SYM(encoderCreate, "avifEncoderCreate");
	PF_SYM(encoderDestroy, "avifEncoderDestroy");
	PF_SYM(encoderWrite, "avifEncoderWrite");
	PF_SYM(rwDataFree, "avifRWDataFree");
	PF_SYM(setOption, "avifEncoderSetCodecSpecificOption");
	PF_SYM(imageCreateEmpty, "avifImageCreateEmpty");
	PF_SYM(yuvToRGB, "avifImageYUVToRGB");
	PF_SYM(decoderCreate, "avifDecoderCreate");
	PF_SYM(decoderDestroy, "avifDecoderDestroy");
	PF_SYM(decoderReadMemory, "avifDecoderReadMemory");
	PF_SYM(setXMP, "avifImageSetMetadataXMP");
	if (!pf.codecName(AVIF_CODEC_CHOICE_AOM, AVIF_CODEC_FLAG_CAN_ENCODE)) {
		snprintf(msg, msgLen, "libavif %s was built without the aom encoder", pf.version());
		return -1;
	}
	// "dav1d [dec]:1.0.0, aom [enc/dec]:v3.6.0, …": keep aom's version.
	char codecs[256] = {0};
	pf.codecVersions(codecs);
	const char *aom = strstr(codecs, "aom ");
	const char *colon = aom ? strchr(aom, ':') : NULL;
	size_t n = colon ? strcspn(colon + 1, ", ") : 0;
	snprintf(msg, msgLen, "libavif %s (aom %.*s)", pf.version(), (int)n, colon ? colon + 1 : "");
	return 0;
}

// pf_avif_encode encodes 8-bit straight-alpha RGBA pixels as a still AVIF
// image in 4:2:0, tagged sRGB, on one thread: every quantizer 0 (best) to
// 63; the alpha plane, when not opaque, losslessly. options are the AV1
// encoder's own, "key=value" separated by spaces. xmp, when xmpSize is
// not 0, is written as the image's XMP metadata item (decision 0102).
// The result is malloc'd
// for the caller to free; on failure it is NULL and msg says why.
static uint8_t *pf_avif_encode(uint8_t *pix, int width, int height, int stride, int opaque,
		int codec, int quantizer, int speed, char *options, uint8_t *xmp, size_t xmpSize, size_t *size, char *msg, size_t msgLen) {
	uint8_t *result = NULL;
	avifImage *image = pf.imageCreate(width, height, 8, AVIF_PIXEL_FORMAT_YUV420);
	avifEncoder *encoder = pf.encoderCreate();
	avifRWData out = AVIF_DATA_EMPTY;
	if (!image || !encoder) {
		snprintf(msg, msgLen, "out of memory");
		goto done;
	}
	image->colorPrimaries = AVIF_COLOR_PRIMARIES_BT709;
	image->transferCharacteristics = AVIF_TRANSFER_CHARACTERISTICS_SRGB;
	image->matrixCoefficients = AVIF_MATRIX_COEFFICIENTS_BT601;
	image->yuvRange = AVIF_RANGE_FULL;

	avifRGBImage rgb;
	pf.rgbSetDefaults(&rgb, image);
	rgb.format = AVIF_RGB_FORMAT_RGBA;
	rgb.depth = 8;
	rgb.pixels = pix;
	rgb.rowBytes = (uint32_t)stride;
	rgb.ignoreAlpha = opaque ? AVIF_TRUE : AVIF_FALSE;
	avifResult r = pf.rgbToYUV(image, &rgb);
	if (r != AVIF_RESULT_OK) {
		snprintf(msg, msgLen, "converting to YUV: %s", pf.resultToString(r));
		goto done;
	}

	if (xmpSize > 0) {
		pf.setXMP(image, xmp, xmpSize); // copies it
	}
	encoder->codecChoice = (avifCodecChoice)codec;
	for (char *save = NULL, *kv = strtok_r(options, " ", &save); kv; kv = strtok_r(NULL, " ", &save)) {
		char *eq = strchr(kv, '=');
		if (!eq) continue;
		*eq = 0;
		pf.setOption(encoder, kv, eq + 1);
	}
	encoder->maxThreads = 1;
	encoder->speed = speed;
	encoder->minQuantizer = encoder->maxQuantizer = quantizer;
	encoder->minQuantizerAlpha = encoder->maxQuantizerAlpha = AVIF_QUANTIZER_LOSSLESS;
	r = pf.encoderWrite(encoder, image, &out);
	if (r != AVIF_RESULT_OK) {
		snprintf(msg, msgLen, "%s", pf.resultToString(r));
		goto done;
	}
	result = malloc(out.size);
	if (!result) {
		snprintf(msg, msgLen, "out of memory");
		goto done;
	}
	memcpy(result, out.data, out.size);
	*size = out.size;

done:
	pf.rwDataFree(&out);
	if (encoder) pf.encoderDestroy(encoder);
	if (image) pf.imageDestroy(image);
	return result;
}

// pf_avif_decode decodes a still AVIF image to 8-bit straight-alpha RGBA
// (alpha 255 where it has no alpha plane), malloc'd for the caller to free;
// on failure NULL, and msg says why.
static uint8_t *pf_avif_decode(uint8_t *data, size_t size, int *width, int *height, char *msg, size_t msgLen) {
	uint8_t *result = NULL;
	avifDecoder *decoder = pf.decoderCreate();
	avifImage *image = pf.imageCreateEmpty();
	if (!decoder || !image) {
		snprintf(msg, msgLen, "out of memory");
		goto done;
	}
	decoder->maxThreads = 1;
	avifResult r = pf.decoderReadMemory(decoder, image, data, size);
	if (r != AVIF_RESULT_OK) {
		snprintf(msg, msgLen, "%s", pf.resultToString(r));
		goto done;
	}
	avifRGBImage rgb;
	pf.rgbSetDefaults(&rgb, image);
	rgb.format = AVIF_RGB_FORMAT_RGBA;
	rgb.depth = 8;
	rgb.rowBytes = image->width * 4;
	rgb.pixels = malloc((size_t)rgb.rowBytes * image->height);
	if (!rgb.pixels) {
		snprintf(msg, msgLen, "out of memory");
		goto done;
	}
	r = pf.yuvToRGB(image, &rgb);
	if (r != AVIF_RESULT_OK) {
		free(rgb.pixels);
		snprintf(msg, msgLen, "converting to RGB: %s", pf.resultToString(r));
		goto done;
	}
	result = rgb.pixels;
	*width = (int)image->width;
	*height = (int)image->height;

done:
	if (image) pf.imageDestroy(image);
	if (decoder) pf.decoderDestroy(decoder);
	return result;
}

#else

static uint8_t *pf_avif_decode(uint8_t *data, size_t size, int *width, int *height, char *msg, size_t msgLen) {
	snprintf(msg, msgLen, "no AVIF decoder");
	return NULL;
}

// Go's build cache does not notice a header installed after a build: when
// the library is there, say how to build again.
static int pf_avif_open(char *msg, size_t msgLen) {
	const char *path = NULL;
	void *lib = pf_dlopen_avif(&path);
	if (lib) {
		dlclose(lib);
		snprintf(msg, msgLen, "portfolio was built without libavif's header (avif/avif.h), although %s is installed: "
			"install libavif's development files (Debian: libavif-dev), run `go clean -cache` and build portfolio again", path);
	} else {
		snprintf(msg, msgLen, "portfolio was built without libavif: install its development files (Debian: libavif-dev; Homebrew: libavif) and build portfolio again");
	}
	return -1;
}

static uint8_t *pf_avif_encode(uint8_t *pix, int width, int height, int stride, int opaque,
		int codec, int quantizer, int speed, char *options, uint8_t *xmp, size_t xmpSize, size_t *size, char *msg, size_t msgLen) {
	snprintf(msg, msgLen, "no AVIF encoder");
	return NULL;
}

#endif
*/
import "C"

import (
	"errors"
	"fmt"
	"image"
	"sync"
	"unsafe"
)

// With cgo, AVIF is encoded by the system's libavif with aom, AV1's
// reference encoder (Debian's libavif-dev, Homebrew's libavif): libavif
// and aom compiled to WebAssembly (gen2brain/avif) took more than ten
// times its CPU time per image (docs/decisions/0077-avif-encoder.md). The header must be there when the
// command is built and the same major.minor version of the library when it
// runs; either missing, the command still builds and runs, and makes no
// AVIF (see AVIFEncoder). See avif_portable.go for the build without cgo.

// libavif is the AVIF codec with cgo: the library opens on the first
// open, encode or decode (decision 0088).
type libavif struct{}

var avifCodec avifEncoder = libavif{}

var avifOpen = sync.OnceValues(func() (string, error) {
	var msg [256]C.char
	if C.pf_avif_open(&msg[0], C.size_t(len(msg))) != 0 {
		return "", errors.New(C.GoString(&msg[0]))
	}
	return C.GoString(&msg[0]), nil
})

func (libavif) Name() string { return "AVIF encoder" }

func (libavif) open() (string, error) { return avifOpen() }

// describe names the libavif this build opens when the first AVIF is
// made, from the header it was compiled with, or says why there is none.
func (c libavif) describe() Codec {
	v := int(C.pf_avif_header())
	if v < 0 {
		return Codec{Name: c.Name(), Err: errors.New("portfolio was built without libavif's header (avif/avif.h): install libavif's development files (Debian: libavif-dev; Homebrew: libavif), run `go clean -cache` and build portfolio again")}
	}
	return Codec{Name: c.Name(), Library: fmt.Sprintf("libavif %d.%d", v/100, v%100), Loading: loadFirstUse}
}

// AV1 encoders libavif may use (its avifCodecChoice).
const (
	codecAOM   = 1
	codecRav1e = 4
	codecSVT   = 5
)

// encode encodes img with libavif.
func (libavif) encode(img *image.NRGBA, p avifParams) ([]byte, error) {
	if _, err := avifOpen(); err != nil {
		return nil, err
	}
	b := img.Bounds()
	if b.Empty() {
		return nil, errors.New("encoding AVIF: empty image")
	}
	var msg [256]C.char
	var size C.size_t
	// The pixels are Go memory holding no Go pointers, read by C only
	// during the call: cgo's pointer rules allow passing them.
	pix := (*C.uint8_t)(unsafe.Pointer(&img.Pix[img.PixOffset(b.Min.X, b.Min.Y)]))
	opaque := 0
	if img.Opaque() {
		opaque = 1
	}
	codec := codecAOM
	switch p.codec {
	case "svt":
		codec = codecSVT
	case "rav1e":
		codec = codecRav1e
	}
	options := C.CString(p.options)
	defer C.free(unsafe.Pointer(options))
	var xmp *C.uint8_t
	if len(p.xmp) > 0 { // Go memory without Go pointers, read during the call only
		xmp = (*C.uint8_t)(unsafe.Pointer(&p.xmp[0]))
	}
	out := C.pf_avif_encode(pix, C.int(b.Dx()), C.int(b.Dy()), C.int(img.Stride), C.int(opaque),
		C.int(codec), C.int(p.quantizer), C.int(p.speed), options, xmp, C.size_t(len(p.xmp)), &size, &msg[0], C.size_t(len(msg)))
	if out == nil {
		return nil, errors.New("encoding AVIF: " + C.GoString(&msg[0]))
	}
	defer C.free(unsafe.Pointer(out))
	return C.GoBytes(unsafe.Pointer(out), C.int(size)), nil
}

// decode decodes a still AVIF image with libavif (and its AV1 decoder,
// dav1d where installed, as browsers use): for tests and the bench, which
// check what was made. The build itself never decodes AVIF.
func (libavif) decode(data []byte) (*image.NRGBA, error) {
	if _, err := avifOpen(); err != nil {
		return nil, err
	}
	if len(data) == 0 {
		return nil, errors.New("decoding AVIF: no data")
	}
	var msg [256]C.char
	var w, h C.int
	pix := C.pf_avif_decode((*C.uint8_t)(unsafe.Pointer(&data[0])), C.size_t(len(data)), &w, &h, &msg[0], C.size_t(len(msg)))
	if pix == nil {
		return nil, errors.New("decoding AVIF: " + C.GoString(&msg[0]))
	}
	defer C.free(unsafe.Pointer(pix))
	img := image.NewNRGBA(image.Rect(0, 0, int(w), int(h)))
	copy(img.Pix, unsafe.Slice((*byte)(unsafe.Pointer(pix)), len(img.Pix)))
	return img, nil
}
