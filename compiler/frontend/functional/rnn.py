# torch.nn.utils.rnn: PackedSequence and the functions that make and undo it,
# which PyTorch writes in Python and TorchScript compiles from that source.
# This file is compiled with the qualifier __torch__.torch.nn.utils.rnn, so
# its NamedTuple has PyTorch's name (what archives print and what a saved
# program's code refers to); its defs take plain names.
#
# lengths and batch_sizes live on the CPU, whatever the data's device: the
# packing plan is host work in PyTorch too.


class PackedSequence(NamedTuple):
    data: Tensor
    batch_sizes: Tensor
    sorted_indices: Optional[Tensor]
    unsorted_indices: Optional[Tensor]


def invert_permutation(permutation: Optional[Tensor]) -> Optional[Tensor]:
    if permutation is None:
        return None
    inverse = torch.empty_like(permutation, memory_format=torch.contiguous_format)
    inverse.scatter_(0, permutation, torch.arange(0, permutation.numel(), device=permutation.device))
    return inverse


def pack_padded_sequence(input: Tensor, lengths: Tensor, batch_first: bool = False,
                         enforce_sorted: bool = True) -> PackedSequence:
    lengths = torch.as_tensor(lengths, dtype=torch.int64, device=torch.device("cpu"))
    sorted_indices: Optional[Tensor] = None
    if not enforce_sorted:
        lengths, order = torch.sort(lengths, descending=True)
        order = order.to(input.device)
        batch_dim = 0 if batch_first else 1
        input = input.index_select(batch_dim, order)
        sorted_indices = order
    data, batch_sizes = torch._pack_padded_sequence(input, lengths, batch_first)
    return PackedSequence(data, batch_sizes, sorted_indices, invert_permutation(sorted_indices))


def pad_packed_sequence(sequence: PackedSequence, batch_first: bool = False, padding_value: float = 0.0,
                        total_length: Optional[int] = None) -> Tuple[Tensor, Tensor]:
    max_seq_length = sequence.batch_sizes.size(0)
    if total_length is not None:
        if total_length < max_seq_length:
            raise ValueError("Expected total_length to be at least the length of the longest sequence in "
                             "input, but got total_length={} and max sequence length being {}"
                             .format(total_length, max_seq_length))
        max_seq_length = total_length
    padded, lengths = torch._pad_packed_sequence(sequence.data, sequence.batch_sizes, batch_first, padding_value,
                                                 max_seq_length)
    unsorted = sequence.unsorted_indices
    if unsorted is not None:
        batch_dim = 0 if batch_first else 1
        return padded.index_select(batch_dim, unsorted), lengths[unsorted.cpu()]
    return padded, lengths


def pack_sequence(sequences: List[Tensor], enforce_sorted: bool = True) -> PackedSequence:
    lengths = torch.as_tensor([s.size(0) for s in sequences])
    return pack_padded_sequence(torch.pad_sequence(sequences), lengths, enforce_sorted=enforce_sorted)


def unpad_sequence(padded_sequences: Tensor, lengths: Tensor, batch_first: bool = False) -> List[Tensor]:
    if not batch_first:
        padded_sequences = padded_sequences.transpose(0, 1)
    steps = torch.arange(padded_sequences.size(1), device=lengths.device)
    unpadded: List[Tensor] = []
    for i in range(lengths.size(0)):
        unpadded.append(padded_sequences[i][steps < lengths[i]])
    return unpadded


def unpack_sequence(packed_sequences: PackedSequence) -> List[Tensor]:
    padded, lengths = pad_packed_sequence(packed_sequences, batch_first=True)
    return unpad_sequence(padded, lengths, batch_first=True)
