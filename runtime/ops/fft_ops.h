// torch.fft operators (fft/ifft/rfft/irfft/hfft/ihfft in 1, 2 and n dims,
// fftshift, fftfreq) and stft/istft, on FftPlan.
#pragma once

namespace jitserve {
class OperatorRegistry;
}

namespace jitserve::ops {

void registerFftOps(OperatorRegistry& registry);

}  // namespace jitserve::ops
