# stickerpack from its main branch, through a tap of this repository:
#   brew tap stickerpack/stickerpack https://github.com/stickerpack/stickerpack
#   brew install --HEAD stickerpack
class Stickerpack < Formula
  desc "Validator and toolchain for iMessage sticker packs"
  homepage "https://github.com/stickerpack/stickerpack"
  license "MIT"
  head "https://github.com/stickerpack/stickerpack.git", branch: "main"

  # Xcode 16 brings Swift 6 (swift-tools-version 6.0) and runs on macOS Sonoma 14.5 or later, so Sonoma is the
  # oldest macOS that can build it; the binary itself targets macOS 13 (Package.swift).
  depends_on macos: :sonoma
  depends_on xcode: ["16.0", :build]
  depends_on "pkgconf" => :build
  depends_on "giflib"
  depends_on "jpeg-turbo"
  depends_on "libdeflate"
  depends_on "libpng"
  depends_on "xxhash"

  uses_from_macos "swift" => :build
  uses_from_macos "zlib"

  def install
    # SwiftPM finds each C library of Package.swift by its pkg-config name, and Homebrew's giflib has no
    # libgif.pc (upstream ships none): one is written into the build folder, as `make deps` does.
    giflib = Formula["giflib"]
    unless (giflib.opt_lib/"pkgconfig/libgif.pc").exist?
      (buildpath/"pkgconfig/libgif.pc").write <<~PC
        prefix=#{giflib.opt_prefix}
        libdir=${prefix}/lib
        includedir=${prefix}/include

        Name: libgif
        Description: GIF library (written by the stickerpack formula: giflib ships no pkg-config file)
        Version: #{giflib.version}
        Cflags: -I${includedir}
        Libs: -L${libdir} -lgif
      PC
      ENV.prepend_path "PKG_CONFIG_PATH", buildpath/"pkgconfig"
    end
    # jpeg-turbo's own folder, should it be keg-only again (it was until 2022).
    ENV.prepend_path "PKG_CONFIG_PATH", Formula["jpeg-turbo"].opt_lib/"pkgconfig"

    system "swift", "build", "--disable-sandbox", "-c", "release", "--product", "stickerpack"
    system "swift", "build", "--disable-sandbox", "-c", "release", "--product", "stickerpack-manual"
    bin.install ".build/release/stickerpack"

    # The man page, as `make man` renders it: the argument parser's description of the commands, through
    # stickerpack-manual.
    help = Utils.safe_popen_read(bin/"stickerpack", "--experimental-dump-help")
    title = "stickerpack #{Utils.safe_popen_read(bin/"stickerpack", "--version").strip}"
    page = Utils.safe_popen_write(".build/release/stickerpack-manual", title) { |pipe| pipe.write help }
    (man1/"stickerpack.1").write page

    generate_completions_from_executable(bin/"stickerpack", "--generate-completion-script")
  end

  test do
    assert_match(/^\d+\.\d+\.\d+/, shell_output("#{bin}/stickerpack --version"))
    assert_match "dimensions", shell_output("#{bin}/stickerpack rules")

    # A 1 x 1 transparent RGBA PNG: it decodes through libpng, and lint fails it, far below the 300 px a side
    # of sticker art.
    dot = "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489" \
          "0000000b4944415478da636000020000050001e9fadcd80000000049454e44ae426082"
    (testpath/"Stickers").mkpath
    (testpath/"Stickers/dot.png").binwrite([dot].pack("H*"))
    info = JSON.parse(shell_output("#{bin}/stickerpack info --format json #{testpath}/Stickers/dot.png"))
    assert_equal "png", info.first["format"]
    assert_equal 1, info.first["width"]
    lint = JSON.parse(shell_output("#{bin}/stickerpack lint #{testpath}/Stickers --format json", 1))
    assert_includes lint["diagnostics"].map { |diagnostic| diagnostic["rule"] }, "dimensions"
  end
end
